import 'fake-indexeddb/auto'; // the wipe also forgets the user's drafts, kept in the browser's IndexedDB
import { describe, expect, it } from 'vitest';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openLocalDatabase } from './database.ts';
import { countUnsyncedChanges, deviceRecordsOf, wipeLocalData } from './index.ts';
import { enqueueOutboxItem } from './outbox/outbox.ts';

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });

describe('the unsynced changes a session end warns about', () => {
  it('count queued calls and the protected records (patients) waiting to be sent, while that database is locked, until the wipe', async () => {
    const userId = 'user-unsynced-protected';
    expect(await countUnsyncedChanges(userId, { storage })).toBe(0);
    const db = await openLocalDatabase(userId, { storage, multiInstance: false });
    await enqueueOutboxItem(db, userId, 'verify-pecos', { npi: '1234567893' });
    await db.close();
    deviceRecordsOf(userId).savePendingRecords(3);
    expect(await countUnsyncedChanges(userId, { storage })).toBe(4);
    await wipeLocalData(userId, { storage });
    expect(await countUnsyncedChanges(userId, { storage })).toBe(0);
    await wipeLocalData(userId, { storage });
  });
});
