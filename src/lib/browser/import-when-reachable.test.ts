import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_RETRY_MS, importWhenReachable, MAX_RETRY_MS } from './import-when-reachable.ts';

describe('importWhenReachable', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tries again after each failure, backing off up to the limit, and resolves with the module once it loads', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const waits: number[] = [];
    let calls = 0;
    const load = () => (++calls < 8 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ Toaster: 'view' }));
    const loaded = await importWhenReachable(load, async (ms) => void waits.push(ms));
    expect(loaded).toEqual({ Toaster: 'view' });
    expect(calls).toBe(8);
    expect(waits).toEqual([FIRST_RETRY_MS, 4_000, 8_000, 16_000, 32_000, MAX_RETRY_MS, MAX_RETRY_MS]);
  });

  it('does not try again while the wait lasts (no loop while offline)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    let backOnline: () => void = () => undefined;
    const result = importWhenReachable(
      () => (++calls === 1 ? Promise.reject(new TypeError('offline')) : Promise.resolve('module')),
      () => new Promise<void>((resolve) => (backOnline = resolve)),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(1);
    backOnline();
    await expect(result).resolves.toBe('module');
    expect(calls).toBe(2);
  });

  it('in the browser, the online event ends the wait early', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    try {
      let calls = 0;
      const result = importWhenReachable(() => (++calls === 1 ? Promise.reject(new TypeError('offline')) : Promise.resolve('module')));
      await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS - 500);
      expect(calls).toBe(1);
      target.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      await expect(result).resolves.toBe('module');
      expect(calls).toBe(2);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
