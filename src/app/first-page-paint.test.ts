import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its "painted" state is once per page load. */
const load = async () => {
  vi.resetModules();
  return import('./first-page-paint.ts');
};

describe('afterFirstPagePaint', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('waits for the frame after the page was committed, then for the task after that frame', async () => {
    const { afterFirstPagePaint, pageCommitted } = await load();
    const done = settled(afterFirstPagePaint(1000));
    await vi.advanceTimersByTimeAsync(10);
    expect(done()).toBe(false);

    pageCommitted();
    await vi.advanceTimersByTimeAsync(10);
    expect(done()).toBe(false); // committed, not painted: no frame yet

    frames.shift()!(performance.now());
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('lets the work start after maxWaitMs when no page reports its paint', async () => {
    const { afterFirstPagePaint } = await load();
    const done = settled(afterFirstPagePaint(1000));
    await vi.advanceTimersByTimeAsync(999);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });

  it('does not wait again once a page has painted (a later sign-in on the same load)', async () => {
    const { afterFirstPagePaint, pageCommitted } = await load();
    pageCommitted();
    frames.shift()!(performance.now());
    await vi.advanceTimersByTimeAsync(0);

    const done = settled(afterFirstPagePaint(1000));
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });
});
