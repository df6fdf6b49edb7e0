/**
 * One table's replication on RxDB's replication protocol (`replicateRxCollection`) with our
 * own pull and push handlers (ARCHITECTURE.md decision 5). The sync engine starts, pauses
 * and resumes it through the gate (leadership, session, connection), so RxDB's own
 * leadership wait, auto start and visibility toggling are off.
 */
import { asyncScheduler, throttleTime, type Observable } from 'rxjs';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { collectionOf } from '../database.ts';
import type { SyncedTable } from '../tables/definitions.ts';
import type { LocalDocOfTable } from '../tables/local-docs.ts';
import { createPullHandler } from './pull-handler.ts';
import type { PullCheckpoint } from './pull-query.ts';
import { createPushHandler } from './push-handler.ts';
import type { SyncContext } from './sync-context.ts';

/** Bump the version to re-pull everything (e.g. after a change to the row mapping). */
export const REPLICATION_VERSION = 1;

/** A burst of Realtime events (a bulk import elsewhere) makes one resync, not hundreds. */
const RESYNC_THROTTLE_MS = 100;

export function createTableReplication<T extends SyncedTable>(
  ctx: SyncContext,
  table: T,
  resync$: Observable<'RESYNC'>,
): RxReplicationState<LocalDocOfTable[T], PullCheckpoint> {
  const collection = collectionOf(ctx.db, table);
  if (!collection) throw new Error(`The local database has no collection for ${table}`);
  return replicateRxCollection<LocalDocOfTable[T], PullCheckpoint>({
    replicationIdentifier: `supabase-${table}-v${REPLICATION_VERSION}`,
    collection,
    deletedField: '_deleted',
    live: true,
    retryTime: ctx.timing.retryMs,
    waitForLeadership: false,
    autoStart: false,
    toggleOnDocumentVisible: false,
    pull: {
      handler: createPullHandler(ctx, table),
      batchSize: ctx.timing.pullBatchSize,
      stream$: resync$.pipe(throttleTime(RESYNC_THROTTLE_MS, asyncScheduler, { leading: true, trailing: true })),
    },
    push: { handler: createPushHandler(ctx, table), batchSize: ctx.timing.pushBatchSize },
  });
}
