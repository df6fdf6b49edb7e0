import { describe, expect, it } from 'vitest';
import { UnacknowledgedPushes, type UnacknowledgedStore } from './unacknowledged-pushes.ts';

type Entries = Parameters<UnacknowledgedStore['write']>[0];

function memoryStore(): UnacknowledgedStore & { saved: Entries | null; writes: number } {
  const store = {
    saved: null as Entries | null,
    writes: 0,
    read: async () => store.saved,
    write: async (entries: Entries) => {
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
    await before.sent('providers', [{ id: 'p1', doc: { id: 'p1', phone: '1' }, against: null }]);
    await before.sent('providers', [{ id: 'p1', doc: { id: 'p1', phone: '2' }, against: null }]);

    const after = new UnacknowledgedPushes();
    await after.load(store);
    expect(after.statesOf('providers', 'p1', null)).toEqual([
      { id: 'p1', phone: '1' },
      { id: 'p1', phone: '2' },
    ]);
    expect(after.statesOf('provider_preferences', 'p1', null)).toEqual([]);
  });

  it('forgets a row once acknowledged, also in the store', async () => {
    const store = memoryStore();
    const pushes = new UnacknowledgedPushes();
    await pushes.load(store);
    await pushes.sent('providers', [
      { id: 'p1', doc: { id: 'p1' }, against: null },
      { id: 'p2', doc: { id: 'p2' }, against: null },
    ]);
    await pushes.acknowledge('providers', ['p1']);
    expect(pushes.statesOf('providers', 'p1', null)).toEqual([]);
    expect(Object.keys(store.saved ?? {})).toHaveLength(1);
    const writes = store.writes;
    await pushes.acknowledge('providers', ['unknown']);
    expect(store.writes).toBe(writes);
  });

  it('keeps only the latest states of a row that keeps failing', async () => {
    const pushes = new UnacknowledgedPushes();
    for (let i = 0; i < 15; i++) await pushes.sent('providers', [{ id: 'p1', doc: { id: 'p1', n: i }, against: null }]);
    expect(pushes.statesOf('providers', 'p1', null).map((doc) => doc.n)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('gives only the states sent against the base asked about (a merge moves the base on)', async () => {
    const pushes = new UnacknowledgedPushes();
    const base = { id: 'p1', phone: '1', server_modified: '2026-11-22T10:00:00.000001+00:00' };
    const merged = { ...base, phone: '9', server_modified: '2026-11-22T10:05:00.000001+00:00' };
    await pushes.sent('providers', [{ id: 'p1', doc: { ...base, phone: '2' }, against: base }]);
    await pushes.sent('providers', [{ id: 'p1', doc: { ...merged, email: 'x@clinic.test' }, against: merged }]);
    expect(pushes.statesOf('providers', 'p1', base).map((doc) => doc.phone)).toEqual(['2']);
    // The same base spelled by the server (microseconds, +00:00) is the same base.
    expect(pushes.statesOf('providers', 'p1', { ...merged, server_modified: '2026-11-22 10:05:00.000001+00' }).map((doc) => doc.email)).toEqual(['x@clinic.test']);
    expect(pushes.statesOf('providers', 'p1', null)).toEqual([]);
  });

  it('reads states saved before they carried their base as fitting any base', async () => {
    const store = memoryStore();
    store.saved = { 'providers\u0000p1': [{ id: 'p1', phone: '2' }] } as never;
    const pushes = new UnacknowledgedPushes();
    await pushes.load(store);
    expect(pushes.statesOf('providers', 'p1', { id: 'p1', phone: '1' })).toEqual([{ id: 'p1', phone: '2' }]);
  });
});
