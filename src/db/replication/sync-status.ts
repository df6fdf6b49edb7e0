/**
 * Turns what the replications are doing into the sync store's fields: the phase (paused,
 * pulling, pushing, error, idle), the last error, the first sync's progress, and when the
 * last complete sync finished (kept in the database, so it survives reloads).
 */
import type { FirstSyncProgress, SyncPhase, SyncStatusApi } from '../../stores/sync-store.ts';
import type { LocalDatabase } from '../database.ts';
import { COLLECTION_OF, type SyncedTable } from '../tables/definitions.ts';
import type { SyncRequestError } from './errors.ts';
import type { SyncStatusSink } from './sync-context.ts';
import type { SyncGate } from './sync-gate.ts';

const META_ID = 'sync-state';

interface SyncMeta {
  first_sync_done_at: string | null;
  last_synced_at: string | null;
}

export type Direction = 'up' | 'down';

export class SyncStatusTracker implements SyncStatusSink {
  private readonly errors = new Map<string, string>();
  private readonly busy: Record<Direction, Set<SyncedTable>> = { up: new Set(), down: new Set() };
  private firstSync: FirstSyncProgress = { done: false, stored: 0, total: null };
  private lastSyncedAt: string | null = null;
  private sawActivity = false;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private subscription: { unsubscribe(): void } | null = null;
  private storedRows: { unsubscribe(): void } | null = null;
  private readonly caughtUpTables = new Set<SyncedTable>();
  /** Meta writes read, patch and write the whole record: one at a time, or one undoes another. */
  private metaWrites: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: LocalDatabase,
    private readonly gate: SyncGate,
    private readonly tables: readonly SyncedTable[],
    private readonly store: SyncStatusApi,
  ) {}

  /** Read what earlier sessions recorded, and follow it (the syncing tab may be another one). */
  async load(): Promise<void> {
    const apply = (meta: SyncMeta | null) => {
      if (meta?.last_synced_at && (!this.lastSyncedAt || meta.last_synced_at > this.lastSyncedAt)) {
        this.lastSyncedAt = meta.last_synced_at;
      }
      if (meta?.first_sync_done_at && !this.firstSync.done) this.firstSync = { ...this.firstSync, done: true };
    };
    const meta = await this.db.getLocal<SyncMeta>(META_ID);
    apply(meta ? meta.toJSON().data : null);
    this.firstSync = { ...this.firstSync, checked: true };
    // Followed through the database's event bulks, not `getLocal$`: that one runs two async
    // steps for every change event of every collection, and a first download is tens of
    // thousands of them (about 2 s of a 10,000-provider sync, most of it unsubscribing).
    this.subscription = this.db.eventBulks$.subscribe((bulk) => {
      if (!bulk.isLocal || bulk.collectionName) return;
      const event = bulk.events.findLast((candidate) => candidate.documentId === META_ID);
      if (!event) return;
      apply(event.operation === 'DELETE' ? null : (event.documentData as unknown as { data: SyncMeta }).data);
      this.publish();
    });
    if (!this.firstSync.done) this.countStoredRows();
    this.publish();
  }

  /**
   * The first download's progress counts the rows written to this device, not the rows
   * fetched: RxDB fetches every page ahead and writes them after, so at 10,000 providers the
   * fetched count read 93% within a second and stayed there while the writes took the rest.
   */
  private countStoredRows(): void {
    const collections = new Set<string>(this.tables.map((table) => COLLECTION_OF[table]));
    this.storedRows = this.db.eventBulks$.subscribe((bulk) => {
      if (this.firstSync.done || bulk.isLocal || !bulk.collectionName || !collections.has(bulk.collectionName)) return;
      this.firstSync = { ...this.firstSync, stored: this.firstSync.stored + bulk.events.length };
      this.publishSoon();
    });
  }

  get firstSyncDone(): boolean {
    return this.firstSync.done;
  }

  requestFailed(table: SyncedTable, error: SyncRequestError): void {
    this.errors.set(table, error.message);
    this.publish();
  }

  requestSucceeded(table: SyncedTable): void {
    if (this.errors.delete(table)) this.publish();
  }

  /** An error RxDB reported outside our handlers (e.g. a local write that failed). */
  unexpectedError(message: string): void {
    this.errors.set('local', message);
    this.publish();
  }

  clearErrors(): void {
    this.errors.clear();
    this.publish();
  }

  /** The first sync is done once every table has pulled all there was and written it locally. */
  caughtUp(table: SyncedTable): void {
    if (this.firstSync.done) return;
    this.caughtUpTables.add(table);
    this.checkFirstSyncDone();
  }

  private checkFirstSyncDone(): void {
    if (this.firstSync.done || this.busy.down.size > 0) return;
    if (this.tables.every((name) => this.caughtUpTables.has(name))) {
      void this.markFirstSyncDone().catch((error: unknown) => this.unexpectedError(String(error)));
    }
  }

  setFirstSyncTotal(total: number | null): void {
    if (this.firstSync.done) return;
    this.firstSync = { ...this.firstSync, total };
    this.publish();
  }

  async markFirstSyncDone(): Promise<void> {
    if (this.firstSync.done || this.closed) return;
    this.firstSync = { ...this.firstSync, done: true };
    this.storedRows?.unsubscribe();
    await this.saveMeta({ first_sync_done_at: new Date().toISOString() });
    this.publish();
  }

  activity(table: SyncedTable, direction: Direction, active: boolean): void {
    if (active) {
      this.busy[direction].add(table);
      this.sawActivity = true;
    } else {
      this.busy[direction].delete(table);
    }
    if (direction === 'down' && !active) this.checkFirstSyncDone();
    const idle = this.busy.up.size === 0 && this.busy.down.size === 0;
    if (idle && this.sawActivity && this.errors.size === 0 && this.gate.canSync()) {
      this.sawActivity = false;
      this.lastSyncedAt = new Date().toISOString();
      void this.saveMeta({ last_synced_at: this.lastSyncedAt }).catch((error: unknown) => this.unexpectedError(String(error)));
    }
    this.publish();
  }

  phase(): SyncPhase {
    const gate = this.gate.current;
    if (gate.stopped || !gate.online || !gate.authorized) return 'paused';
    if (!gate.leader) return 'idle';
    if (this.errors.size > 0) return 'error';
    if (this.busy.up.size > 0) return 'pushing';
    if (this.busy.down.size > 0) return 'pulling';
    return 'idle';
  }

  publish(): void {
    if (this.closed) return;
    const gate = this.gate.current;
    this.store.update({
      online: gate.online,
      phase: this.phase(),
      pauseReason: this.gate.pauseReason(),
      leader: gate.leader,
      lastError: [...this.errors.values()].at(-1) ?? null,
      lastSyncedAt: this.lastSyncedAt,
      firstSync: this.firstSync,
    });
  }

  close(): void {
    this.closed = true;
    this.subscription?.unsubscribe();
    this.storedRows?.unsubscribe();
    if (this.publishTimer) clearTimeout(this.publishTimer);
  }

  private publishSoon(): void {
    this.publishTimer ??= setTimeout(() => {
      this.publishTimer = null;
      this.publish();
    }, 200);
  }

  /** Best effort: the database may close (sign-out) while this runs; the next sync writes again. */
  private saveMeta(patch: Partial<SyncMeta>): Promise<void> {
    const write = this.metaWrites.then(() => this.writeMeta(patch));
    this.metaWrites = write.catch(() => undefined);
    return write;
  }

  private async writeMeta(patch: Partial<SyncMeta>): Promise<void> {
    try {
      if (this.closed || this.db.closed) return;
      const current = await this.db.getLocal<SyncMeta>(META_ID);
      const next: SyncMeta = {
        first_sync_done_at: current?.get('first_sync_done_at') ?? null,
        last_synced_at: current?.get('last_synced_at') ?? null,
        ...patch,
      };
      await this.db.upsertLocal<SyncMeta>(META_ID, next);
    } catch (error) {
      if (!this.closed && !this.db.closed) throw error;
    }
  }
}
