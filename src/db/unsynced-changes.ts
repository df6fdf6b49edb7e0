/**
 * How much of a user's local data has not reached the server: records with local changes
 * (pending-records.ts counts them, deletions included) plus online-only calls still queued
 * or running in the outbox. What a session that ended must warn about before the device's
 * copy is cleared (src/app/session-end).
 */
import type { LocalDatabase } from './database.ts';
import { PendingRecords } from './replication/pending-records.ts';
import { SYNC_ORDER, COLLECTION_OF } from './tables/definitions.ts';

export async function unsyncedChangesIn(db: LocalDatabase): Promise<number> {
  const tables = SYNC_ORDER.filter((table) => COLLECTION_OF[table] in db.collections);
  const records = await new PendingRecords(db, tables, () => undefined).count();
  // One count per state: an equality on the index's first field is a count RxDB answers
  // from the index ($in is not, and RxDB refuses a slow count).
  const [queued, running] = await Promise.all([
    db.outbox.count({ selector: { state: 'queued' } }).exec(),
    db.outbox.count({ selector: { state: 'running' } }).exec(),
  ]);
  return records + queued + running;
}
