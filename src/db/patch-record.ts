/**
 * A user's change to a synced record, written only when it changes something.
 *
 * A write that changes nothing still gives the record a new revision. When that revision
 * lands between the replication's read of the record and its write of a version just pulled
 * from the server, RxDB's write fails on the revision, RxDB takes it for a local change that
 * its push will settle, and moves its checkpoint past the pulled version. A record whose
 * data did not change has nothing to push, so the device kept the old copy until the server
 * changed that record again. Saving a form with nothing changed is an everyday case.
 */
import type { RxDocument, RxDocumentData } from 'rxdb';
import { docsEqual } from './merge/docs-equal.ts';
import { COLLECTION_OF, TABLE_COLUMNS, type SyncedTable } from './tables/definitions.ts';
import type { ColumnMap } from './tables/columns.ts';

const TABLE_OF_COLLECTION = new Map<string, SyncedTable>(
  (Object.entries(COLLECTION_OF) as Array<[SyncedTable, string]>).map(([table, collection]) => [collection, table]),
);

function columnsOf(collectionName: string): ColumnMap | undefined {
  const table = TABLE_OF_COLLECTION.get(collectionName);
  return table ? (TABLE_COLUMNS[table] as unknown as ColumnMap) : undefined;
}

/** Applies `patch` to the record's latest version, or leaves it untouched when nothing would change. */
export async function patchRecord<D extends object>(doc: RxDocument<D>, patch: Partial<D>): Promise<RxDocumentData<D>> {
  const latest = doc.getLatest().toJSON(true) as RxDocumentData<D>;
  if (docsEqual({ ...latest, ...patch }, latest, columnsOf(doc.collection.name))) return latest;
  return (await doc.incrementalPatch(patch)).toJSON(true) as RxDocumentData<D>;
}
