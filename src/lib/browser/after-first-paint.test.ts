import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-first-paint.ts';

describe('afterNextPaint', () => {
  let frames: Array<() => void>;
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs after the frame has been painted, not in it, and once', () => {
    const then = vi.fn();
    afterNextPaint(then);
    vi.advanceTimersByTime(0);
    expect(then).not.toHaveBeenCalled();
    frames.shift()!();
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a tab in the background, which paints no frames', () => {
    const then = vi.fn();
    afterNextPaint(then);
    vi.advanceTimersByTime(499);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const then = vi.fn();
    const cancel = afterNextPaint(then);
    frames.shift()!();
    cancel();
    vi.advanceTimersByTime(1000);
    expect(then).not.toHaveBeenCalled();
  });
});
