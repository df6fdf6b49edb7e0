/**
 * Runs the replication of every synced table for one signed-in user: creates the
 * replications (parents first), starts, pauses and resumes them as the gate opens and
 * closes (connection, session, tab leadership), wires the live triggers, the status and
 * the pending-changes count, and offers `retry` and `awaitInSync` (for the UI and tests).
 */
import { debounceTime, filter, merge, Subject, type Subscription } from 'rxjs';
import type { SupabaseClient } from '../../lib/supabase.ts';
import type { SyncStatusApi } from '../../stores/sync-store.ts';
import type { Connectivity } from '../connectivity.ts';
import type { LocalDatabase } from '../database.ts';
import { SYNC_ORDER, type SyncedTable } from '../tables/definitions.ts';
import { isQuietError } from './errors.ts';
import { startLiveTriggers } from './live-triggers.ts';
import type { RecordLookup } from './notices.ts';
import { PendingRecords } from './pending-records.ts';
import type { RejectionRegistry } from './rejections.ts';
import { ResyncHold } from './resync-hold.ts';
import type { UnacknowledgedPushes } from './unacknowledged-pushes.ts';
import type { EditBases } from './edit-bases.ts';
import type { AnyReplicationState, SyncContext, SyncTiming } from './sync-context.ts';
import type { SyncGate } from './sync-gate.ts';
import { SyncStatusTracker } from './sync-status.ts';
import { countRows } from './server-reads.ts';
import { createTableReplication } from './table-replication.ts';

/** Let a burst of pushes and pulls settle before looking at the dirty records. */
const RECONCILE_DEBOUNCE_MS = 50;

export type EngineClient = Pick<SupabaseClient, 'from' | 'rpc' | 'channel' | 'removeChannel'>;

export interface SyncEngineOptions {
  db: LocalDatabase;
  supabase: EngineClient;
  userId: string;
  tables: readonly SyncedTable[];
  connectivity: Connectivity;
  gate: SyncGate;
  rejections: RejectionRegistry;
  unacknowledged?: UnacknowledgedPushes;
  /** Bases of local edits kept by the app (edit-bases.ts), forgotten once RxDB has its own. */
  editBases?: EditBases;
  lookup: RecordLookup;
  timing: SyncTiming;
  /** Realtime subscription (on by default). */
  live: boolean;
  /** The Realtime channel's name (default `local-sync-<user>`; each database of a user needs its own). */
  channelName?: string;
  /** Where status and notices go (the app's sync store). */
  store: SyncStatusApi;
}

interface RxErrorLike {
  message?: string;
  parameters?: { errors?: Array<{ name?: string; message?: string }> };
}

export class SyncEngine {
  private readonly replications = new Map<SyncedTable, AnyReplicationState>();
  private readonly resync$ = new Map<SyncedTable, Subject<'RESYNC'>>();
  private readonly holds = new Map<SyncedTable, ResyncHold>();
  private readonly wired = new Set<SyncedTable>();
  private readonly subscriptions: Subscription[] = [];
  private readonly tables: SyncedTable[];
  readonly status: SyncStatusTracker;
  readonly pending: PendingRecords;
  private stopLive: (() => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private firstSyncStarted = false;

  constructor(private readonly options: SyncEngineOptions) {
    this.tables = SYNC_ORDER.filter((table) => options.tables.includes(table));
    this.status = new SyncStatusTracker(options.db, options.gate, this.tables, options.store);
    this.pending = new PendingRecords(options.db, this.tables, (count) => options.store.update({ pendingRecords: count }));
  }

  async start(): Promise<void> {
    const { db, gate } = this.options;
    await this.status.load();
    const ctx: SyncContext = {
      db,
      supabase: this.options.supabase,
      gate,
      rejections: this.options.rejections,
      unacknowledged: this.options.unacknowledged,
      tables: this.tables,
      lookup: this.options.lookup,
      notify: (message, kind) => this.options.store.notify(message, kind),
      status: this.status,
      replicationOf: (table) => this.replications.get(table),
      timing: this.options.timing,
      pushesSent: new Map(),
      resync: (table) => this.resync(table),
    };
    for (const table of this.tables) {
      const resync$ = new Subject<'RESYNC'>();
      const replication = createTableReplication(ctx, table, resync$.asObservable());
      this.resync$.set(table, resync$);
      this.holds.set(table, new ResyncHold(() => resync$.next('RESYNC')));
      this.replications.set(table, replication);
      this.subscriptions.push(
        replication.error$.subscribe((error) => this.onReplicationError(error as RxErrorLike)),
        // RxDB took the pushed state as the server's: its unanswered pushes are settled, and
        // it has the base of the record's further edits (no need to keep our own).
        replication.sent$.subscribe((doc: { id?: unknown }) => {
          void this.options.unacknowledged?.acknowledge(table, [String(doc.id)]).catch(() => undefined);
          void this.options.editBases?.forget(table, [String(doc.id)]).catch(() => undefined);
        }),
      );
    }
    this.pending.start();
    this.subscriptions.push(
      gate.state$.subscribe(() => this.status.publish()),
      gate.canSync$.subscribe((canSync) => this.enqueue(() => (canSync ? this.resume() : this.pause()))),
    );
  }

  replicationOf(table: SyncedTable): AnyReplicationState | undefined {
    return this.replications.get(table);
  }

  /** Held while the table's first downstream pass runs (see resync-hold.ts). */
  resync(table: SyncedTable): void {
    this.holds.get(table)?.request(this.replications.get(table));
  }

  resyncAll(): void {
    for (const table of this.tables) this.resync(table);
  }

  /** Re-check the session, forget shown errors and resync everything now. */
  async retry(): Promise<void> {
    this.status.clearErrors();
    await this.options.gate.checkSession();
    if (this.options.gate.canSync()) this.resyncAll();
  }

  /** Resolves when every table has pushed and pulled what there is (tests, sign-out). */
  async awaitInSync(): Promise<void> {
    await this.queue;
    await Promise.all([...this.replications.values()].map((replication) => replication.awaitInSync()));
  }

  async stop(): Promise<void> {
    this.options.gate.stop();
    await this.queue;
    this.stopLive?.();
    this.stopLive = null;
    this.subscriptions.splice(0).forEach((subscription) => subscription.unsubscribe());
    this.holds.forEach((hold) => hold.stop());
    this.pending.stop();
    this.status.close();
    await Promise.all([...this.replications.values()].map((replication) => replication.cancel()));
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      this.status.unexpectedError(error instanceof Error ? error.message : String(error));
    });
  }

  private async resume(): Promise<void> {
    // The totals are asked before the pulls start: a browser sends at most six requests to
    // one server at a time, and the pulls' pages would hold them all, so the progress bar
    // stayed empty for half the download (36 s of a 50,000-provider first sync).
    if (!this.status.firstSyncDone && !this.firstSyncStarted) {
      this.firstSyncStarted = true;
      void this.countServerRows()
        .catch(() => null)
        .then((total) => this.status.setFirstSyncTotal(total));
    }
    for (const table of this.tables) {
      const replication = this.replications.get(table);
      if (!replication) continue;
      await replication.start();
      this.wire(table, replication);
    }
    if (!this.stopLive && this.options.live) {
      this.stopLive = startLiveTriggers({
        supabase: this.options.supabase,
        channelName: this.options.channelName ?? `local-sync-${this.options.userId}`,
        tables: this.tables,
        connectivity: this.options.connectivity,
        intervalMs: this.options.timing.resyncIntervalMs,
        onTableChanged: (table) => this.resync(table),
        onResyncAll: () => this.resyncAll(),
      });
    }
  }

  private async pause(): Promise<void> {
    await Promise.all([...this.replications.values()].map((replication) => replication.pause()));
  }

  /** Follow a started replication's activity (phase) and acknowledge pushed records. */
  private wire(table: SyncedTable, replication: AnyReplicationState): void {
    const internal = replication.internalReplicationState;
    if (!internal || this.wired.has(table)) return;
    this.wired.add(table);
    const settled$ = merge(
      internal.events.active.up.pipe(filter((active) => !active)),
      internal.events.active.down.pipe(filter((active) => !active)),
      replication.sent$,
    );
    this.subscriptions.push(
      internal.events.active.down.subscribe((active) => this.status.activity(table, 'down', active)),
      internal.events.active.up.subscribe((active) => this.status.activity(table, 'up', active)),
      // After a push, a pull or a resync: clear the flags of what is through, and re-send what
      // RxDB dropped (only while the upstream is idle and may sync; see pending-records.ts).
      settled$.pipe(debounceTime(RECONCILE_DEBOUNCE_MS)).subscribe(() => {
        const repush = !internal.events.active.up.getValue() && !replication.isStoppedOrPaused() && this.options.gate.canSync();
        void this.pending.reconcile(table, replication, repush).catch(() => undefined);
      }),
    );
  }

  private onReplicationError(error: RxErrorLike): void {
    const causes = error.parameters?.errors ?? [];
    if (causes.length > 0 && causes.every((cause) => isQuietError(cause.name) || cause.name === 'SyncRequestError')) return;
    this.status.unexpectedError(causes[0]?.message ?? error.message ?? 'Synchronisation failed');
  }

  /** Rows the first sync will pull (a `count: exact` HEAD request per table, sync_count for patient data). */
  private async countServerRows(): Promise<number | null> {
    const counts = await Promise.all(this.tables.map((table) => countRows(this.options.supabase, table)));
    return counts.some((count) => count === null) ? null : counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
  }
}
