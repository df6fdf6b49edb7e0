import { describe, expect, it } from 'vitest';
import { EditBases, type EditBaseStore } from './edit-bases.ts';

function memoryStore(): EditBaseStore & { saved: Map<string, Record<string, unknown>> } {
  const saved = new Map<string, Record<string, unknown>>();
  return {
    saved,
    get: async (key) => saved.get(key) ?? null,
    set: async (key, doc) => void saved.set(key, structuredClone(doc)),
    remove: async (key) => void saved.delete(key),
  };
}

const STAMP = '2026-11-21T09:00:00.000001+00:00';
const clean = {
  id: 'p1',
  first_name: 'Jane',
  phone: '1',
  server_modified: STAMP,
  local_dirty: false,
  sort_name: 'doe jane',
  _meta: { lwt: 1 },
  _rev: '1-abc',
};

describe('EditBases', () => {
  it("keeps a record's server state (columns, stamp, deletion flag) and gives it back for the same stamp only", async () => {
    const store = memoryStore();
    const bases = new EditBases();
    bases.attach(store);
    await bases.remember('providers', clean);
    const base = await bases.baseFor('providers', 'p1', STAMP);
    expect(base).toMatchObject({ id: 'p1', first_name: 'Jane', phone: '1', server_modified: STAMP, _deleted: false });
    // Local-only and RxDB fields are not part of a server state.
    expect(base).not.toHaveProperty('local_dirty');
    expect(base).not.toHaveProperty('sort_name');
    expect(base).not.toHaveProperty('_rev');
    // Timestamps compare by meaning: the same instant written differently is the same stamp.
    expect(await bases.baseFor('providers', 'p1', '2026-11-21T09:00:00.000001Z')).not.toBeNull();
    expect(await bases.baseFor('providers', 'p1', '2026-11-21T10:00:00.000001+00:00')).toBeNull();
    expect(await bases.baseFor('providers', 'p1', null)).toBeNull();
    expect(await bases.baseFor('provider_preferences', 'p1', STAMP)).toBeNull();
  });

  it('keeps nothing for a record the server has never had', async () => {
    const store = memoryStore();
    const bases = new EditBases();
    bases.attach(store);
    await bases.remember('providers', { ...clean, server_modified: null });
    expect(store.saved.size).toBe(0);
  });

  it('reads what an earlier page kept (a reload) and forgets it once RxDB has a base', async () => {
    const store = memoryStore();
    const before = new EditBases();
    before.attach(store);
    await before.remember('providers', clean);
    const after = new EditBases();
    after.attach(store);
    expect(await after.baseFor('providers', 'p1', STAMP)).not.toBeNull();
    await after.forget('providers', ['p1']);
    expect(await after.baseFor('providers', 'p1', STAMP)).toBeNull();
    expect(store.saved.size).toBe(0);
  });

  it('runs one operation at a time: a base kept after a forget survives it', async () => {
    const store = memoryStore();
    const slowRemove = store.remove;
    store.remove = async (key) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await slowRemove(key);
    };
    const bases = new EditBases();
    bases.attach(store);
    await bases.remember('providers', clean);
    const forgotten = bases.forget('providers', ['p1']);
    const kept = bases.remember('providers', { ...clean, phone: '2' });
    await Promise.all([forgotten, kept]);
    expect(await bases.baseFor('providers', 'p1', STAMP)).toMatchObject({ phone: '2' });
  });

  it('has nothing before a store is attached', async () => {
    const bases = new EditBases();
    await bases.remember('providers', clean);
    expect(await bases.baseFor('providers', 'p1', STAMP)).toBeNull();
  });
});
