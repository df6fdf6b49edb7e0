/**
 * Makes each write's change checkpoint the greatest (write time, id) of the rows written.
 *
 * RxDB stamps every row of one write with the same write time (`_meta.lwt`), and its
 * storages give the change event the checkpoint of the write's *last* row. Its replication
 * stores that checkpoint as how far the local changes have been looked at. Changes are read
 * in (write time, id) order, so when the last row is not the one with the greatest id, the
 * rows of that write with a greater id still count as unread.
 *
 * A first download's pulled rows come in the server's order, not by id. So after a first
 * sync, the next RESYNC (when the download ends, at every reconnect) read back nearly every
 * downloaded row, with its replication state, to find nothing to push: 1,747 of 2,000 rows
 * in the benchmark, a whole second pass over the directory at 50,000 providers.
 *
 * Only a write whose rows all carry the checkpoint's write time is changed. Write times are
 * unique per write, so the new checkpoint passes exactly the rows of this write.
 */
import { map } from 'rxjs';
import { patchStorageInstances, type AnyStorage, type LwtCheckpoint } from './patch-storage-instances.ts';

interface StoredRow {
  _meta?: { lwt?: number };
  [field: string]: unknown;
}

interface ChangeBulk {
  checkpoint: unknown;
  events: ReadonlyArray<{ documentData?: StoredRow | null; previousDocumentData?: StoredRow | null }>;
}

function isLwtCheckpoint(value: unknown): value is LwtCheckpoint {
  const checkpoint = value as Partial<LwtCheckpoint> | null;
  return typeof checkpoint?.lwt === 'number' && typeof checkpoint.id === 'string';
}

/** The checkpoint past every row of the write, or the write's own when it already is (or the rows differ in time). */
export function greatestCheckpoint(bulk: ChangeBulk, primaryPath: string): unknown {
  const checkpoint = bulk.checkpoint;
  if (!isLwtCheckpoint(checkpoint)) return checkpoint;
  let greatest = checkpoint.id;
  for (const event of bulk.events) {
    const row = event.documentData ?? event.previousDocumentData;
    if (row?._meta?.lwt !== checkpoint.lwt) return checkpoint;
    const id = row[primaryPath];
    if (typeof id !== 'string') return checkpoint;
    if (id > greatest) greatest = id;
  }
  return greatest === checkpoint.id ? checkpoint : { ...checkpoint, id: greatest };
}

export function withGreatestBulkCheckpoints<S extends AnyStorage>(storage: S): S {
  return patchStorageInstances(storage, (instance, primaryPath) => {
    const changeStream = instance.changeStream.bind(instance);
    instance.changeStream = () =>
      changeStream().pipe(
        map((bulk) => {
          const checkpoint = greatestCheckpoint(bulk as ChangeBulk, primaryPath);
          return checkpoint === bulk.checkpoint ? bulk : { ...bulk, checkpoint };
        }),
      );
  });
}
