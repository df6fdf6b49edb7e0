import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatusApi } from '../../stores/sync-store.ts';
import { openLocalDatabase, type LocalDatabase } from '../database.ts';
import type { SyncGate } from './sync-gate.ts';
import { SyncStatusTracker } from './sync-status.ts';

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
const opened: LocalDatabase[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

function tracking(db: LocalDatabase) {
  const updates: Array<Parameters<SyncStatusApi['update']>[0]> = [];
  const store = { update: (patch) => void updates.push(patch) } as Pick<SyncStatusApi, 'update'> as SyncStatusApi;
  const gate = { current: { stopped: false, online: true, authorized: true, leader: true }, canSync: () => true, pauseReason: () => null } as unknown as SyncGate;
  const tracker = new SyncStatusTracker(db, gate, ['providers', 'provider_organization_memberships'], store);
  return { tracker, stored: () => updates.at(-1)?.firstSync?.stored, last: () => updates.at(-1) };
}

function provider(n: number) {
  return { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, first_name: `First ${n}`, last_name: `Last ${n}` };
}

describe('the first download progress', () => {
  it('counts the rows written to this device, not the rows fetched, and stops once the first sync is done', async () => {
    const db = await openLocalDatabase('sync-status-progress', { storage, devMode: true, multiInstance: false });
    opened.push(db);
    const { tracker, stored } = tracking(db);
    await tracker.load();
    tracker.setFirstSyncTotal(10);
    expect(stored()).toBe(0);

    await db.providers.bulkInsert([1, 2, 3, 4].map(provider) as never[]);
    // A table whose local collection has another name (memberships).
    await db.memberships.insert({ id: '00000000-0000-4000-8000-00000000aaaa', provider_id: provider(1).id, organization_id: '00000000-0000-4000-8000-00000000bbbb' } as never);
    // A synced collection this tracker does not follow.
    await db.organizations.insert({ id: '00000000-0000-4000-8000-00000000bbbb', legal_name: 'Lab', type: 'clinic' } as never);
    // The sync metadata is a local document: it is no downloaded row.
    await db.upsertLocal('unrelated', { value: 1 });
    await vi.waitFor(() => expect(stored()).toBe(5));

    await tracker.markFirstSyncDone();
    await db.providers.bulkInsert([5, 6].map(provider) as never[]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    tracker.publish();
    expect(stored()).toBe(5);
    tracker.close();
  });
});

describe('the recorded sync state', () => {
  it('follows what another writer (the syncing tab) records, and only the sync state', async () => {
    const db = await openLocalDatabase('sync-status-follow', { storage, devMode: true, multiInstance: false });
    opened.push(db);
    const { tracker, last } = tracking(db);
    await tracker.load();
    expect(last()?.lastSyncedAt).toBeNull();
    // Read: not done, and now known not to be (a new device's lists ask the server then).
    expect(last()?.firstSync).toMatchObject({ done: false, checked: true });

    await db.upsertLocal('sync-state', { first_sync_done_at: null, last_synced_at: '2026-11-22T10:00:00.000Z' });
    await vi.waitFor(() => expect(last()?.lastSyncedAt).toBe('2026-11-22T10:00:00.000Z'));
    await db.upsertLocal('unrelated', { last_synced_at: '2026-11-22T11:00:00.000Z', first_sync_done_at: '2026-11-22T11:00:00.000Z' });
    await db.providers.insert(provider(1) as never);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(last()?.lastSyncedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(last()?.firstSync?.done).toBe(false);

    await db.upsertLocal('sync-state', { first_sync_done_at: '2026-11-22T12:00:00.000Z', last_synced_at: '2026-11-22T12:00:00.000Z' });
    await vi.waitFor(() => expect(last()?.firstSync?.done).toBe(true));
    expect(last()?.lastSyncedAt).toBe('2026-11-22T12:00:00.000Z');
    tracker.close();
  });
});
