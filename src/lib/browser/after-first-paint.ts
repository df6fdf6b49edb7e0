/**
 * Whether the page has painted once since this component mounted: for work that must not
 * delay the first paint but should start right after it (not when the browser is idle, as
 * the shell's AfterFirstPaint waits): e.g. the dashboard's cards, whose code and counting
 * follow the figures kept from the last visit.
 */
import { useEffect, useState } from 'react';

/** Calls `then` after the next frame has been painted; returns a cancel function. */
export function afterNextPaint(then: () => void): () => void {
  // Where nothing is painted (Node: the unit tests of code that uses this), the next task.
  if (typeof requestAnimationFrame !== 'function') {
    const task = setTimeout(then, 0);
    return () => clearTimeout(task);
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    then();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // requestAnimationFrame runs just before the frame is painted; a task queued from it runs after.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(once, 0);
  });
  // A tab in the background paints no frames: do not wait for it to be shown.
  const fallback = setTimeout(once, HIDDEN_TAB_WAIT_MS);
  function cancel() {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    if (timer !== undefined) clearTimeout(timer);
  }
  return () => {
    done = true;
    cancel();
  };
}

const HIDDEN_TAB_WAIT_MS = 500;

export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
