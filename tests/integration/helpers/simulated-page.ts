/**
 * A browser of the reload tests and its pages. The browser's IndexedDB (fake-indexeddb) and
 * localStorage outlive its pages; each page is a fresh load of the app's modules that opens
 * the user's local database, starts the sync, and follows the provider list the way the
 * list page does (the one list machinery, with the lists saved for the next visit), until
 * it is ended at a moment the test picks (page-indexeddb.ts): killed, or unloaded. With
 * `protected`, each page also opens the user's protected database (patients, orders,
 * results) with the browser's data key, as the pages of one session do with the key kept
 * for it (src/db/protected/kept-key.ts), and syncs it into the same sync store.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { OPEN_COLLECTIONS } from 'rxdb';
import { vi } from 'vitest';
import WebSocket from 'ws';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AnyRxStorage } from '../../../src/db/database.ts';
import type { LocalDataSession } from '../../../src/db/session.ts';
import type { ProtectedDataSession } from '../../../src/db/protected/protected-session.ts';
import type { SyncedTable } from '../../../src/db/tables/definitions.ts';
import type { ListProvider } from '../../../src/features/providers/data/provider-list-source.ts';
import type { ListSource } from '../../../src/lib/list/list-source.ts';
import type { SearchIndex } from '../../../src/lib/list/search-index.ts';
import type { SyncState } from '../../../src/stores/sync-store.ts';
import type { TestUser } from '../../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../helpers/env.ts';
import { MemoryStorage } from '../../helpers/memory-storage.ts';
import { NetworkSwitch } from './network.ts';
import { PageIndexedDB, type Commit } from './page-indexeddb.ts';

type AnyInstance = { close(): Promise<void> };

/** Pages loaded in this process (each one's storage is named after it). */
let pageLoads = 0;

/** What the provider list page shows: the display kind and the rows of an empty search. */
export interface ShownList {
  display: 'failed' | 'loading' | 'empty' | 'table';
  rows: readonly ListProvider[];
}

export interface BrowserOptions {
  tables?: readonly SyncedTable[];
  pullBatchSize?: number;
  /** Open the protected database too, with this browser's data key. */
  protected?: boolean;
}

export interface PageOptions {
  /**
   * A busy page (a loaded machine): the list applies the changes it has seen this late
   * (its batched update, a zero-delay timer, runs after timers already due).
   */
  listLateByMs?: number;
}

export class SimulatedBrowser {
  readonly indexedDB = new IDBFactory();
  readonly localStorage = new MemoryStorage();
  private dataKey: Promise<CryptoKey> | null = null;

  /** The user's data key on this device (made once, as the first sign-in does). */
  private key(): Promise<CryptoKey> {
    this.dataKey ??= crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']) as Promise<CryptoKey>;
    return this.dataKey;
  }

  constructor(
    readonly user: TestUser,
    private readonly options: BrowserOptions = {},
  ) {}

  /**
   * Loads a page: the app's modules afresh, the database opened and the sync started. Every
   * write transaction the page commits is handed to `onCommit` (inside its complete event),
   * which may end the page right there.
   */
  async openPage(onCommit: (page: SimulatedPage, commit: Commit) => void = () => undefined, pageOptions: PageOptions = {}): Promise<SimulatedPage> {
    pageLoads += 1;
    vi.resetModules();
    const idb = new PageIndexedDB(this.indexedDB);
    Object.assign(globalThis, { indexedDB: idb.factory, localStorage: this.localStorage });
    const [{ dexieStorage }, { LocalDataSession: Session }, lists, firstPage, savedLists, listIndex, shown, display, definition, status, store, { ListSource }, protectedModule, records] =
      await Promise.all([
        import('../../../src/db/database.ts'),
        import('../../../src/db/session.ts'),
        import('../../../src/lib/list/list-cache.ts'),
        import('../../../src/lib/list/first-page-snapshot.ts'),
        import('../../../src/lib/list/saved-list-index.ts'),
        import('../../../src/lib/list/list-index.ts'),
        import('../../../src/lib/list/shown-snapshot.ts'),
        import('../../../src/lib/list/list-display.ts'),
        import('../../../src/features/providers/data/provider-list-definition.ts'),
        import('../../../src/app/layouts/sync-status.ts'),
        import('../../../src/stores/sync-store.ts'),
        import('../../../src/lib/list/list-source.ts'),
        import('../../../src/db/protected/protected-session.ts'),
        import('../../../src/db/protected/device-records.ts'),
      ]);
    const lateBy = pageOptions.listLateByMs;
    if (lateBy) {
      // This page's own copy of the module (loaded afresh above): no other page is touched.
      const prototype = ListSource.prototype as unknown as { flush(): void };
      const flush = prototype.flush;
      prototype.flush = function (this: unknown) {
        setTimeout(() => flush.call(this), lateBy);
      };
    }
    const network = new NetworkSwitch();
    const client = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: network.fetch },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { error } = await client.auth.signInWithPassword({ email: this.user.email, password: this.user.password });
    if (error) throw error;
    const syncStore = createStore<SyncState>()(store.syncStoreInitializer);
    const statusApi = store.createSyncStatusApi(syncStore);
    // Each page's storage has a name of its own, across browsers: RxDB keeps open databases by
    // storage and name per JavaScript realm and waits for a duplicate to close, and an ended
    // page's database cannot always close.
    const instances: AnyInstance[] = [];
    const inner = dexieStorage({ indexedDB: idb.factory, IDBKeyRange });
    const storage: AnyRxStorage = {
      ...inner,
      name: `${inner.name}-page-${pageLoads}`,
      rxdbVersion: inner.rxdbVersion,
      createStorageInstance: async (params) => {
        const instance = await inner.createStorageInstance(params);
        instances.push(instance);
        return instance;
      },
    };
    const sessionOptions = {
      storage,
      devMode: false,
      multiInstance: false,
      connectivity: network,
      live: false,
      status: statusApi,
      timing: { retryMs: 300, parentRetryDelaysMs: [100, 200, 400], parentWaitMs: 1000, resyncIntervalMs: 60_000, pullBatchSize: this.options.pullBatchSize ?? 5000 },
    };
    const session = await Session.open(this.user.id, client as never, { ...sessionOptions, tables: this.options.tables });
    const protectedSession = this.options.protected
      ? await protectedModule.ProtectedDataSession.open(this.user.id, await this.key(), client as never, new records.DeviceRecords(this.user.id, this.localStorage), sessionOptions)
      : null;
    // The list page: the database's list, and meanwhile what the last visit saved.
    const listKey = 'all';
    const { source, release } = lists.acquireList(session.db, definition.providerListDefinition, 'all', { userId: this.user.id });
    const stopSavingFirstPage = firstPage.keepFirstPageSaved(this.user.id, listKey, source, definition.providerListDefinition.slim);
    const savedFirstPage = firstPage.readFirstPage<ListProvider>(this.user.id, listKey);
    let savedIndex: SearchIndex<ListProvider> | null = null;
    void savedLists
      .savedListIndex(this.user.id, listKey, listIndex.indexFactory(definition.providerListDefinition, 'all'))
      .then((saved) => (savedIndex = saved?.index ?? null));
    const view = {
      label: () => status.describeSync(syncStore.getState(), false).label,
      shown: (): ShownList => {
        const snapshot = shown.shownSnapshot(source.getSnapshot(), savedIndex, savedFirstPage);
        const state = syncStore.getState();
        const syncFailed = !state.firstSync.done && state.phase === 'error' && state.lastError !== null;
        const rows = snapshot.index ? snapshot.index.query('') : snapshot.firstRows;
        const total = snapshot.index ? snapshot.index.size : snapshot.firstRows.length;
        const listView = display.listView({ ...snapshot, firstSyncDone: state.firstSync.done, syncFailed }, rows.length, total);
        return { display: listView.display.kind, rows };
      },
    };
    const page = new SimulatedPage(idb, network, client, syncStore, session, protectedSession, source, view, () => {
      stopSavingFirstPage();
      release();
    }, instances);
    idb.onCommit = (commit) => onCommit(page, commit);
    void session.start().catch(() => undefined);
    void protectedSession?.start().catch(() => undefined);
    return page;
  }
}

export class SimulatedPage {
  constructor(
    readonly idb: PageIndexedDB,
    readonly network: NetworkSwitch,
    readonly client: SupabaseClient,
    readonly store: StoreApi<SyncState>,
    readonly session: LocalDataSession,
    readonly protectedSession: ProtectedDataSession | null,
    readonly list: ListSource<ListProvider>,
    private readonly view: { label(): string; shown(): ShownList },
    private readonly releaseList: () => void,
    private readonly instances: AnyInstance[],
  ) {}

  get db() {
    return this.session.db;
  }

  /** What the sync indicator says. */
  label(): string {
    return this.view.label();
  }

  /** What the provider list page shows. */
  shown(): ShownList {
    return this.view.shown();
  }

  /** The page ends now: killed (what it had running is lost) or unloaded (what it started commits). */
  end(how: 'kill' | 'unload'): void {
    if (how === 'kill') this.idb.kill();
    else this.idb.unload();
  }

  /**
   * Lets go of the page (after `end`, or a clean close): its network and timers stop, and its
   * database is closed so the next page of the browser opens it afresh. An ended page's
   * writes on the way out fail, as a closed tab's do.
   */
  async close(): Promise<void> {
    this.network.setOnline(false);
    this.client.realtime.disconnect();
    this.releaseList();
    // A killed page's closing may wait forever on what it had under way: bounded, as a closed tab.
    const bounded = (promise: Promise<unknown>) => Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (this.protectedSession) await bounded(this.protectedSession.stop());
    await bounded(this.session.stop());
    if (!this.session.db.closed) await bounded(this.session.db.close());
    if (this.protectedSession && !this.protectedSession.db.closed) await bounded(this.protectedSession.db.close());
    await bounded(Promise.all(this.instances.map((instance) => instance.close().catch(() => undefined))));
    // A dead tab's database goes with it: what could not close no longer counts against
    // RxDB's limit of open collections in this process (the next pages open their own).
    // (A close that began and never finished marks the database closed: its collections are let go whatever it says.)
    for (const db of [this.session.db, this.protectedSession?.db]) {
      for (const collection of Object.values(db?.collections ?? {})) OPEN_COLLECTIONS.delete(collection as never);
    }
  }
}
