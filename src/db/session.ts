/**
 * One signed-in user's local data: their database, the replication of every synced table,
 * and the outbox drainer, sharing one gate (online, this user's session, leader tab). The
 * app runs one session at a time through src/db/index.ts; tests may run several (two
 * "browsers") side by side, each with its own storage, connectivity and status store.
 */
import type { SupabaseClient } from '../lib/supabase.ts';
import type { SyncStatusApi } from '../stores/sync-store.ts';
import { browserConnectivity, type Connectivity } from './connectivity.ts';
import type { AnyRxStorage, LocalDatabase } from './database.ts';
import { openUserDatabase, type OpenedUserDatabase, type UserDatabaseOptions } from './open-user-database.ts';
import { enqueueOutboxItem, watchPendingCalls, type EnqueueOptions } from './outbox/outbox.ts';
import { OutboxDrainer, type DrainerOptions } from './outbox/outbox-drainer.ts';
import type { OutboxItem, OutboxKind } from './outbox/outbox-schema.ts';
import { DEFAULT_TIMING, type SyncTiming } from './replication/sync-context.ts';
import { SyncEngine } from './replication/sync-engine.ts';
import { SyncGate } from './replication/sync-gate.ts';
import type { JsonValue } from './tables/columns.ts';
import { DIRECTORY_TABLES } from './tables/definitions.ts';

export type SessionClient = Pick<SupabaseClient, 'from' | 'rpc' | 'channel' | 'removeChannel' | 'auth'>;

export interface SessionOptions extends UserDatabaseOptions {
  connectivity?: Connectivity;
  timing?: Partial<SyncTiming>;
  /** Realtime-triggered resyncs (default on). */
  live?: boolean;
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
    return LocalDataSession.attach(await openUserDatabase(userId, options), supabase, options);
  }

  /** Get sync ready for a database already open (see src/db/index.ts: rows paint first). */
  static attach(opened: OpenedUserDatabase, supabase: SessionClient, options: SessionOptions = {}): LocalDataSession {
    const { userId, db, storage, status, rejections, unacknowledged, editBases, lookup } = opened;
    const connectivity = options.connectivity ?? browserConnectivity();
    const gate = new SyncGate(supabase.auth, userId, connectivity);
    const engine = new SyncEngine({
      db,
      supabase,
      userId,
      tables: options.tables ?? DIRECTORY_TABLES,
      connectivity,
      gate,
      rejections,
      unacknowledged,
      editBases,
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
