import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJobSaver } from './job-saver.ts';

describe('the import job saver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves the latest job once enough changes gathered, not after each one', async () => {
    const saved: number[] = [];
    const saver = createJobSaver<number>(async (job) => void saved.push(job), { everyChanges: 3, everyMs: 10_000 });
    saver.changed(1);
    saver.changed(2);
    expect(saved).toEqual([]);
    expect(saver.dirty).toBe(true);
    saver.changed(3);
    await saver.flush();
    expect(saved).toEqual([3]);
    expect(saver.dirty).toBe(false);
  });

  it('saves a lone change after the interval', async () => {
    const saved: number[] = [];
    const saver = createJobSaver<number>(async (job) => void saved.push(job), { everyChanges: 100, everyMs: 500 });
    saver.changed(7);
    await vi.advanceTimersByTimeAsync(499);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([7]);
  });

  it('flush saves at once (a pause, the page hidden); with nothing new it writes nothing', async () => {
    const saved: number[] = [];
    const saver = createJobSaver<number>(async (job) => void saved.push(job), { everyChanges: 100, everyMs: 500 });
    saver.changed(1);
    await saver.flush();
    await saver.flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual([1]);
  });

  it('writes one at a time, in order, and a failed write is tried again at the next flush', async () => {
    const order: string[] = [];
    let fail = true;
    const saver = createJobSaver<number>(
      async (job) => {
        order.push(`start ${job}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (job === 1 && fail) {
          fail = false;
          throw new Error('disk full');
        }
        order.push(`end ${job}`);
      },
      { everyChanges: 1 },
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    saver.changed(1);
    const done = saver.flush();
    await vi.advanceTimersByTimeAsync(20);
    await done;
    expect(order).toEqual(['start 1']);
    expect(saver.dirty).toBe(true);
    const again = saver.flush();
    await vi.advanceTimersByTimeAsync(20);
    await again;
    saver.changed(2);
    const last = saver.flush();
    await vi.advanceTimersByTimeAsync(20);
    await last;
    expect(order).toEqual(['start 1', 'start 1', 'end 1', 'start 2', 'end 2']);
    expect(saver.dirty).toBe(false);
  });
});
