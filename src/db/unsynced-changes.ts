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
  const calls = await db.outbox.count({ selector: { state: { $in: ['queued', 'running'] } } }).exec();
  return records + calls;
}
