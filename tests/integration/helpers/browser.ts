/**
 * A simulated browser for the integration tests: its own IndexedDB (fake-indexeddb), its
 * own switchable network, a supabase-js client signed in as a test user, its own sync
 * store, and the app's LocalDataSession on top — real RxDB replicating with the local stack.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { dexieStorage } from '../../../src/db/database.ts';
import WebSocket from 'ws';
import { createStore } from 'zustand/vanilla';
import { LocalDataSession, type SessionOptions } from '../../../src/db/session.ts';
import type { SyncedTable } from '../../../src/db/tables/definitions.ts';
import { createSyncStatusApi, syncStoreInitializer, type SyncState } from '../../../src/stores/sync-store.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../helpers/env.ts';
import type { TestUser } from '../../helpers/clients.ts';
import { NetworkSwitch } from './network.ts';

/** Fast retries so the tests do not wait on production timings. */
export const TEST_TIMING = {
  retryMs: 300,
  parentRetryDelaysMs: [100, 200, 400, 800, 1600, 3200],
  parentWaitMs: 3000,
  resyncIntervalMs: 60_000,
};

export interface BrowserOptions {
  tables?: readonly SyncedTable[];
  devMode?: boolean;
  live?: boolean;
  timing?: SessionOptions['timing'];
  outbox?: SessionOptions['outbox'];
}

export class TestBrowser {
  readonly network = new NetworkSwitch();
  readonly indexedDB = new IDBFactory();
  readonly storage = dexieStorage({ indexedDB: this.indexedDB, IDBKeyRange });
  readonly store = createStore<SyncState>()(syncStoreInitializer);
  readonly status = createSyncStatusApi(this.store);
  readonly client: SupabaseClient;
  session: LocalDataSession | null = null;

  constructor(
    readonly user: TestUser,
    private readonly options: BrowserOptions = {},
  ) {
    this.client = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: this.network.fetch },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  }

  async signIn(): Promise<void> {
    const { error } = await this.client.auth.signInWithPassword({ email: this.user.email, password: this.user.password });
    if (error) throw error;
  }

  /** Open the local database and start syncing (like the app after sign-in or a reload). */
  async open(): Promise<LocalDataSession> {
    if (this.session) throw new Error('already open');
    const session = await LocalDataSession.open(this.user.id, this.client, {
      storage: this.storage,
      devMode: this.options.devMode ?? false,
      multiInstance: false,
      tables: this.options.tables,
      connectivity: this.network,
      live: this.options.live ?? true,
      status: this.status,
      timing: { ...TEST_TIMING, ...this.options.timing },
      outbox: this.options.outbox,
    });
    this.session = session;
    await session.start();
    return session;
  }

  get db() {
    if (!this.session) throw new Error('not open');
    return this.session.db;
  }

  state(): SyncState {
    return this.store.getState();
  }

  async close(): Promise<void> {
    await this.session?.stop();
    this.session = null;
  }

  async dispose(): Promise<void> {
    await this.close();
    this.client.realtime.disconnect();
  }
}

/** Poll until `check` passes (or throw its last error after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 45_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw lastError;
}
