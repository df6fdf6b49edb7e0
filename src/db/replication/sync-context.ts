/**
 * What the per-table replication handlers share: the database, the client, the gate, the
 * registry of refused rows, where notices and status go, and the timing knobs (tests
 * shorten them). Built once per started user session by the sync engine.
 */
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { SupabaseClient } from '../../lib/supabase.ts';
import type { SyncNotice } from '../../stores/sync-store.ts';
import type { LocalDatabase } from '../database.ts';
import type { SyncedTable } from '../tables/definitions.ts';
import type { SyncRequestError } from './errors.ts';
import type { RecordLookup } from './notices.ts';
import type { RejectionRegistry } from './rejections.ts';
import type { SyncGate } from './sync-gate.ts';
import type { UnacknowledgedPushes } from './unacknowledged-pushes.ts';

export interface SyncTiming {
  /** Rows per pull request (large: the first sync of 50,000 providers must take < 15 s). */
  pullBatchSize: number;
  /**
   * Rows per sync_push call. Also the page size of RxDB's upstream scan of the local
   * collection (after the first download it walks every pulled row to find local changes):
   * at 200 that scan took as long as the download itself at 10,000 providers.
   */
  pushBatchSize: number;
  /** Wait before RxDB retries a failed request. */
  retryMs: number;
  /** Waits between re-sends of rows refused for a missing parent that is still being pushed. */
  parentRetryDelaysMs: readonly number[];
  /** How long a child push waits for its parents' pending pushes before sending anyway. */
  parentWaitMs: number;
  /** Safety-net resync interval (Realtime may miss events while reconnecting). */
  resyncIntervalMs: number;
}

export const DEFAULT_TIMING: SyncTiming = {
  pullBatchSize: 5000,
  pushBatchSize: 1000,
  retryMs: 5000,
  parentRetryDelaysMs: [250, 500, 1000, 2000, 4000, 8000, 15_000],
  parentWaitMs: 10_000,
  resyncIntervalMs: 5 * 60_000,
};

export interface SyncStatusSink {
  requestFailed(table: SyncedTable, error: SyncRequestError): void;
  requestSucceeded(table: SyncedTable): void;
  /** A pull returned less than a full batch: the table has everything the server has. */
  caughtUp(table: SyncedTable): void;
}

// Replication states of different tables have different document types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyReplicationState = RxReplicationState<any, any>;

export interface SyncContext {
  db: LocalDatabase;
  supabase: Pick<SupabaseClient, 'from' | 'rpc'>;
  gate: SyncGate;
  rejections: RejectionRegistry;
  /** States pushed whose answer was lost (optional: handlers built in unit tests omit it). */
  unacknowledged?: UnacknowledgedPushes;
  tables: readonly SyncedTable[];
  lookup: RecordLookup;
  notify(message: string, kind: SyncNotice['kind']): void;
  status: SyncStatusSink;
  replicationOf(table: SyncedTable): AnyReplicationState | undefined;
  timing: SyncTiming;
  /** sync_push requests sent so far, by table: a pull tells from it that a push overlapped it. */
  pushesSent?: Map<SyncedTable, number>;
  /** Pull the table again (through the engine's resync hold). */
  resync?(table: SyncedTable): void;
}
