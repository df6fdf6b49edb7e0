/**
 * One simulated browser of the soak, in its own worker thread: its own fake IndexedDB, a
 * switchable network in front of the fault proxy, a supabase-js client signed in as its
 * user, and the app's LocalDataSession (real RxDB replicating through the proxy). "Reload"
 * closes the database and opens it again from the same storage, as a page reload does.
 */
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { createStore } from 'zustand/vanilla';
import { collectionOf } from '../../../src/db/database.ts';
import { LocalDataSession } from '../../../src/db/session.ts';
import { createSyncStatusApi, syncStoreInitializer, type SyncState } from '../../../src/stores/sync-store.ts';
import { NetworkSwitch } from '../helpers/network.ts';
import { SOAK_TABLES, type ClientState, type Command, type Doc, type Reply, type Request, type WorkerInit } from './soak-protocol.ts';

const init = workerData as WorkerInit;
const network = new NetworkSwitch();
const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
const store = createStore<SyncState>()(syncStoreInitializer);
const status = createSyncStatusApi(store);
let inFlight = 0;
const countingFetch: typeof fetch = async (input, init) => {
  inFlight += 1;
  try {
    return await network.fetch(input, init);
  } finally {
    inFlight -= 1;
  }
};
const client = createClient(init.url, init.anonKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  global: { fetch: countingFetch },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
});
let session: LocalDataSession | null = null;
let signedIn = false;
// The store keeps only the latest notices: count every one as it arrives.
const seenNotices = new Set<string>();
const noticeCounts = { conflict: 0, rejected: 0 };
store.subscribe((current) => {
  for (const notice of current.notices) {
    if (seenNotices.has(notice.id)) continue;
    seenNotices.add(notice.id);
    noticeCounts[notice.kind] += 1;
  }
});

async function signIn(): Promise<void> {
  for (let attempt = 0; !signedIn; attempt += 1) {
    const { error } = await client.auth.signInWithPassword({ email: init.user.email, password: init.user.password });
    if (!error) signedIn = true;
    else if (attempt > 20) throw error;
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// Replication errors by table (including the quiet ones the UI never shows), for the report.
const replicationErrors: Record<string, { count: number; last: string }> = {};
interface ErrorSource {
  error$: { subscribe(next: (error: unknown) => void): unknown };
}
function watchReplicationErrors(current: LocalDataSession): void {
  const replications = (current.engine as unknown as { replications: Map<string, ErrorSource> }).replications;
  for (const [table, replication] of replications) {
    replication.error$.subscribe((error) => {
      const entry = (replicationErrors[table] ??= { count: 0, last: '' });
      entry.count += 1;
      const parameters = (error as { parameters?: { errors?: Array<{ name?: string; message?: string }> } }).parameters;
      const inner = parameters?.errors?.[0];
      entry.last = `${(error as Error).name}: ${inner ? `${inner.name}: ${inner.message}` : (error as Error).message}`.slice(0, 300);
    });
  }
}

function open(): LocalDataSession {
  if (!session) throw new Error('not open');
  return session;
}

function collection(table: (typeof SOAK_TABLES)[number]) {
  const found = collectionOf(open().db, table);
  if (!found) throw new Error(`no collection for ${table}`);
  return found;
}

function state(): ClientState {
  const current = store.getState();
  return {
    open: session !== null,
    online: network.isOnline(),
    pendingChanges: current.pendingChanges,
    conflictNotices: noticeCounts.conflict,
    rejectedNotices: noticeCounts.rejected,
    lastError: current.lastError,
    phase: `${current.phase}${current.pauseReason ? `/${current.pauseReason}` : ''}`,
    requestsInFlight: inFlight,
    replicationErrors: { ...replicationErrors },
  };
}

async function run(command: Command): Promise<unknown> {
  switch (command.cmd) {
    case 'open': {
      await signIn();
      if (session) return null;
      session = await LocalDataSession.open(init.user.id, client, {
        storage,
        devMode: false,
        multiInstance: false,
        tables: SOAK_TABLES,
        connectivity: network,
        live: true,
        status,
        timing: { retryMs: 300, parentRetryDelaysMs: [100, 200, 400, 800, 1600, 3200], parentWaitMs: 3000, resyncIntervalMs: 5_000 },
      });
      await session.start();
      watchReplicationErrors(session);
      return null;
    }
    case 'close':
      await session?.stop();
      session = null;
      return null;
    case 'insert':
      await collection(command.table).insert(command.doc as never);
      return true;
    case 'patch': {
      const doc = await collection(command.table).findOne(command.docId).exec();
      if (!doc) return false;
      await doc.incrementalPatch(command.fields as never);
      return true;
    }
    case 'setOnline':
      network.setOnline(command.online);
      return null;
    case 'resync':
      await open().engine.retry();
      return null;
    case 'awaitInSync':
      await open().awaitInSync();
      return null;
    case 'dump': {
      const docs = await collection(command.table).find().exec();
      return docs.map((doc) => doc.toJSON() as Doc);
    }
    case 'state':
      return state();
    case 'dispose':
      await session?.stop();
      session = null;
      client.realtime.disconnect();
      return null;
  }
}

parentPort!.on('message', (request: Request) => {
  const debug = process.env.SOAK_DEBUG ? (step: string) => console.error(`[soak-worker ${init.user.email}] ${request.cmd} ${step}`) : () => undefined;
  debug('start');
  run(request).finally(() => debug('end')).then(
    (result) => parentPort!.postMessage({ id: request.id, ok: true, result } satisfies Reply),
    (error: unknown) => parentPort!.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) } satisfies Reply),
  );
});
