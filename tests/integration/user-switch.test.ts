/**
 * The app's data API on a shared clinic computer: each user has their own local database;
 * when another user signs in on the same browser, the first user's pending changes are not
 * pushed with the second user's session — they wait in the first user's database and go
 * out under that user's own session when they sign in again. Wiping removes a database.
 */
import { randomUUID } from 'node:crypto';
// Sign-out also forgets the kept data key and the drafts, in the browser's own IndexedDB.
import 'fake-indexeddb/auto';
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import {
  getLocalDatabase,
  newLocalDoc,
  startLocalData,
  stopLocalData,
  wipeLocalData,
  type SessionOptions,
} from '../../src/db/index.ts';
import { openLocalDatabase } from '../../src/db/database.ts';
import { useSyncStore } from '../../src/stores/sync-store.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { eventually, TEST_TIMING } from './helpers/browser.ts';
import { NetworkSwitch } from './helpers/network.ts';

const network = new NetworkSwitch();
const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
const client = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  global: { fetch: network.fetch },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
});
const options: SessionOptions = { storage, multiInstance: false, tables: ['organizations'], connectivity: network, timing: TEST_TIMING };

afterAll(async () => {
  await stopLocalData();
  client.realtime.disconnect();
});

async function auditOf(id: string) {
  const { data } = await serviceClient().from('audit_log').select('action, changed_by').eq('row_id', id);
  return data ?? [];
}

describe('local data per user', () => {
  it("keeps one user's pending changes out of another user's session", async () => {
    const first = await staffUser('switch-first');
    const second = await staffUser('switch-second');
    await client.auth.signInWithPassword({ email: first.email, password: first.password });
    await startLocalData(first.id, client, options);
    await startLocalData(first.id, client, options); // idempotent for the same user

    // The first user's session ends (e.g. it expired); they keep working locally.
    await client.auth.signOut({ scope: 'local' });
    const id = randomUUID();
    await getLocalDatabase()!.organizations.insert(newLocalDoc('organizations', { id, legal_name: 'First User Draft', type: 'non_healthcare' }));
    await eventually(() => expect(useSyncStore.getState()).toMatchObject({ pendingChanges: 1, pauseReason: 'signed-out' }));

    // Someone else signs in on this browser: the first user's change must not go out now.
    await client.auth.signInWithPassword({ email: second.email, password: second.password });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await startLocalData(second.id, client, options);
    await eventually(() => expect(useSyncStore.getState()).toMatchObject({ phase: 'idle', pendingChanges: 0 }));
    expect(await getLocalDatabase()!.organizations.findOne(id).exec()).toBeNull();
    expect(await auditOf(id)).toEqual([]);

    // The first user comes back: their change is pushed under their own session.
    await client.auth.signOut({ scope: 'local' });
    await client.auth.signInWithPassword({ email: first.email, password: first.password });
    await startLocalData(first.id, client, options);
    await eventually(async () => expect(await auditOf(id)).toEqual([{ action: 'insert', changed_by: first.id }]));
    await eventually(() => expect(useSyncStore.getState().pendingChanges).toBe(0));

    await wipeLocalData(first.id);
    expect(getLocalDatabase()).toBeNull();
    const reopened = await openLocalDatabase(first.id, { storage, multiInstance: false, tables: ['organizations'] });
    expect(await reopened.organizations.count().exec()).toBe(0);
    await reopened.close();
  });
});
