import { describe, expect, it, vi } from 'vitest';
import { beforeReload, flushBeforeReload, reloadSafely } from './safe-reload.ts';

describe('reloadSafely', () => {
  it('reloads only after every registered flush has run, a failing one included', async () => {
    const order: string[] = [];
    const removeA = beforeReload(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('a');
    });
    const removeB = beforeReload(() => Promise.reject(new Error('disk full')));
    await reloadSafely(() => order.push('reload'));
    expect(order).toEqual(['a', 'reload']);
    removeA();
    removeB();
  });

  it('does not wait for a stuck flush longer than its bound, and forgets a removed one', async () => {
    const removed = vi.fn(async () => undefined);
    beforeReload(removed)();
    const remove = beforeReload(() => new Promise(() => undefined));
    const started = Date.now();
    await flushBeforeReload(50);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(removed).not.toHaveBeenCalled();
    remove();
  });
});
