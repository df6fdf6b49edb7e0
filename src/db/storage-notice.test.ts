import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dexieStorage, openLocalDatabase, type LocalDatabase } from './database.ts';
import { newLocalDoc } from './mapping/row-mapping.ts';

let db: LocalDatabase | null = null;
afterEach(async () => {
  await db?.close();
  vi.restoreAllMocks();
});

describe('the console of a page that uses the local database', () => {
  it('shows no storage advertisement at the first write, and other warnings still', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    db = await openLocalDatabase('user-console', { storage: dexieStorage({ indexedDB, IDBKeyRange, packReplicationMeta: false }), multiInstance: false, devMode: false });
    await db.providers.insert(newLocalDoc('providers', { id: '22222222-2222-4222-8222-222222222222', first_name: 'Ada', last_name: 'Lovelace' }));
    // RxDB checks its premium flag asynchronously before printing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.warn('the product’s own warning');
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual(['the product’s own warning']);
  });
});
