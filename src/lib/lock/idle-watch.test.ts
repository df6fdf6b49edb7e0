import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '../../stores/session-types.ts';
import { IDLE_CHECK_MS, startIdleWatch } from './idle-watch.ts';
import { writeActivity } from './lock-storage.ts';

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value), removeItem: (key) => void values.delete(key) };
}

describe('the idle watch', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  function watch(storage: KeyValueStorage, timeoutMs: number) {
    const target = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const onIdle = vi.fn();
    const stop = startIdleWatch({ userId: 'u1', storage, timeoutMs: () => timeoutMs, onIdle, target: target as unknown as Window, document: doc as unknown as Document });
    return { target, doc, onIdle, stop };
  }

  it('locks after the timeout without input, and input in between restarts the wait', () => {
    const storage = memoryStorage();
    const { target, onIdle, stop } = watch(storage, 15 * 60_000);
    vi.advanceTimersByTime(10 * 60_000);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(10 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * 60_000 + IDLE_CHECK_MS);
    expect(onIdle).toHaveBeenCalled();
    stop();
  });

  it('counts input in another tab (the shared timestamp), and checks again when the page comes back into view', () => {
    const storage = memoryStorage();
    const { doc, onIdle, stop } = watch(storage, 2 * 60_000);
    vi.advanceTimersByTime(60_000);
    writeActivity(storage, 'u1', Date.now());
    vi.advanceTimersByTime(90_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + 60_000);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('locks at once when the last input on this device is older than the timeout', () => {
    const storage = memoryStorage();
    writeActivity(storage, 'u1', Date.now() - 20 * 60_000);
    const { onIdle, stop } = watch(storage, 15 * 60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });
});
