import { describe, expect, it } from 'vitest';
import { UnacknowledgedPushes, type UnacknowledgedStore } from './unacknowledged-pushes.ts';

function memoryStore(): UnacknowledgedStore & { saved: Record<string, Array<Record<string, unknown>>> | null; writes: number } {
  const store = {
    saved: null as Record<string, Array<Record<string, unknown>>> | null,
    writes: 0,
    read: async () => store.saved,
    write: async (entries: Record<string, Array<Record<string, unknown>>>) => {
      store.writes += 1;
      store.saved = structuredClone(entries);
    },
  };
  return store;
}

describe('UnacknowledgedPushes', () => {
  it('persists sent states before resolving, so a new instance (a reload) still has them', async () => {
    const store = memoryStore();
    const before = new UnacknowledgedPushes();
    await before.load(store);
    await before.sent('providers', [{ id: 'p1', doc: { id: 'p1', phone: '1' } }]);
    await before.sent('providers', [{ id: 'p1', doc: { id: 'p1', phone: '2' } }]);

    const after = new UnacknowledgedPushes();
    await after.load(store);
    expect(after.statesOf('providers', 'p1')).toEqual([
      { id: 'p1', phone: '1' },
      { id: 'p1', phone: '2' },
    ]);
    expect(after.statesOf('provider_preferences', 'p1')).toEqual([]);
  });

  it('forgets a row once acknowledged, also in the store', async () => {
    const store = memoryStore();
    const pushes = new UnacknowledgedPushes();
    await pushes.load(store);
    await pushes.sent('providers', [
      { id: 'p1', doc: { id: 'p1' } },
      { id: 'p2', doc: { id: 'p2' } },
    ]);
    await pushes.acknowledge('providers', ['p1']);
    expect(pushes.statesOf('providers', 'p1')).toEqual([]);
    expect(Object.keys(store.saved ?? {})).toHaveLength(1);
    const writes = store.writes;
    await pushes.acknowledge('providers', ['unknown']);
    expect(store.writes).toBe(writes);
  });

  it('keeps only the latest states of a row that keeps failing', async () => {
    const pushes = new UnacknowledgedPushes();
    for (let i = 0; i < 15; i++) await pushes.sent('providers', [{ id: 'p1', doc: { id: 'p1', n: i } }]);
    expect(pushes.statesOf('providers', 'p1').map((doc) => doc.n)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });
});
