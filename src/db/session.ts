/**
 * One signed-in user's local data: their database, the replication of every synced table,
 * and the outbox drainer, sharing one gate (online, this user's session, leader tab). The
 * app runs one session at a time through src/db/index.ts; tests may run several (two
 * "browsers") side by side, each with its own storage, connectivity and status store.
 */
import type { SupabaseClient } from '../lib/supabase.ts';
import { syncStatus, type SyncStatusApi } from '../stores/sync-store.ts';
import { browserConnectivity, type Connectivity } from './connectivity.ts';
import { collectionOf, defaultStorage, openLocalDatabase, type AnyRxStorage, type LocalDatabase, type OpenOptions } from './database.ts';
import { fieldsOf } from './mapping/row-mapping.ts';
import { enqueueOutboxItem, watchPendingCalls, type EnqueueOptions } from './outbox/outbox.ts';
import { OutboxDrainer, type DrainerOptions } from './outbox/outbox-drainer.ts';
import type { OutboxItem, OutboxKind } from './outbox/outbox-schema.ts';
import { createConflictHandler } from './replication/conflict-handler.ts';
import type { RecordLookup } from './replication/notices.ts';
import { RejectionRegistry } from './replication/rejections.ts';
import { localDocumentStore, UnacknowledgedPushes } from './replication/unacknowledged-pushes.ts';
import { DEFAULT_TIMING, type SyncTiming } from './replication/sync-context.ts';
import { SyncEngine } from './replication/sync-engine.ts';
import { SyncGate } from './replication/sync-gate.ts';
import type { JsonValue } from './tables/columns.ts';
import { SYNC_ORDER } from './tables/definitions.ts';

export type SessionClient = Pick<SupabaseClient, 'from' | 'rpc' | 'channel' | 'removeChannel' | 'auth'>;

export interface SessionOptions extends Omit<OpenOptions, 'conflictHandler'> {
  connectivity?: Connectivity;
  timing?: Partial<SyncTiming>;
  /** Realtime-triggered resyncs (default on). */
  live?: boolean;
  /** The sync store to write (default: the app's `useSyncStore`). */
  status?: SyncStatusApi;
  outbox?: DrainerOptions;
}

export class LocalDataSession {
  private pendingCallsSubscription: { unsubscribe(): void } | null = null;
  private stopped = false;

  private constructor(
    readonly userId: string,
    readonly db: LocalDatabase,
    readonly storage: AnyRxStorage,
    readonly gate: SyncGate,
    readonly engine: SyncEngine,
    readonly drainer: OutboxDrainer,
    private readonly status: SyncStatusApi,
  ) {}

  /** Open the user's database and get sync ready; `start` sets it going. */
  static async open(userId: string, supabase: SessionClient, options: SessionOptions = {}): Promise<LocalDataSession> {
    const storage = options.storage ?? defaultStorage();
    const status = options.status ?? syncStatus;
    const rejections = new RejectionRegistry();
    const unacknowledged = new UnacknowledgedPushes();
    let database: LocalDatabase | null = null;
    const lookup: RecordLookup = async (table, id) => {
      const collection = database ? collectionOf(database, table) : undefined;
      if (!collection || typeof id !== 'string') return null;
      const doc = await collection.findOne(id).exec();
      return doc ? fieldsOf(doc.toJSON()) : null;
    };
    const notify = (message: string, kind: 'conflict' | 'rejected') => status.notify(message, kind);
    const db = await openLocalDatabase(userId, {
      ...options,
      storage,
      conflictHandler: (table) => createConflictHandler(table, { rejections, unacknowledged, lookup, notify }),
    });
    database = db;
    await unacknowledged.load(localDocumentStore(db));
    const connectivity = options.connectivity ?? browserConnectivity();
    const gate = new SyncGate(supabase.auth, userId, connectivity);
    const engine = new SyncEngine({
      db,
      supabase,
      userId,
      tables: options.tables ?? SYNC_ORDER,
      connectivity,
      gate,
      rejections,
      unacknowledged,
      lookup,
      timing: { ...DEFAULT_TIMING, ...options.timing },
      live: options.live ?? true,
      store: status,
    });
    const drainer = new OutboxDrainer(db.outbox, userId, gate, options.outbox);
    return new LocalDataSession(userId, db, storage, gate, engine, drainer, status);
  }

  async start(): Promise<void> {
    this.status.reset();
    this.status.setRetry(() => {
      void this.engine
        .retry()
        .catch(() => undefined)
        .then(() => this.drainer.kick());
    });
    this.pendingCallsSubscription = watchPendingCalls(this.db).subscribe((count) => this.status.update({ pendingCalls: count }));
    await this.engine.start();
    this.drainer.start();
    await this.gate.start(this.db);
  }

  /** Stop syncing and close the database (its data stays for the next start). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.engine.stop();
    this.drainer.stop();
    this.pendingCallsSubscription?.unsubscribe();
    await this.db.close();
    this.status.reset();
  }

  enqueue(kind: OutboxKind, payload: JsonValue, options?: EnqueueOptions): Promise<OutboxItem> {
    return enqueueOutboxItem(this.db, this.userId, kind, payload, options);
  }

  /** Resolves when every table is pushed and pulled (as far as the gate allows). */
  awaitInSync(): Promise<void> {
    return this.engine.awaitInSync();
  }
}
