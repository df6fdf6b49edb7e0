/**
 * Reads a storage's changes since a checkpoint straight from its (write time, id) index.
 *
 * RxDB's Dexie storage has no change reader of its own, so RxDB asks it a query: write
 * time after the checkpoint's, or equal with a greater id. Its query planner can only
 * start the index scan at the checkpoint's write time, and then reads every row of that
 * write through a cursor, each one deserialized whole and tested in JavaScript. RxDB
 * stamps all rows of one write with the same write time, and a first download writes
 * thousands of rows at once, so each look at the local changes (its replication does one
 * whenever it starts or resumes: every page load, every reconnect) read the whole last
 * write of each table to find nothing: 44,747 provider rows at 50,000, spread over the
 * first seconds after a reload, beside the search's keystrokes.
 *
 * Here the index range starts just after the checkpoint's (write time, id) key, and one
 * request returns at most `limit` rows: exactly the changes, in the same order.
 */
import { fromDexieToStorage } from 'rxdb/plugins/storage-dexie';
import { patchStorageInstances, type AnyInstance, type AnyStorage, type LwtCheckpoint } from './patch-storage-instances.ts';

/** What the Dexie storage keeps behind an instance (rxdb/plugins/storage-dexie). */
interface DexieInternals {
  dexieTable: {
    where(index: string): { above(key: unknown[]): { limit(count: number): { toArray(): Promise<unknown[]> } } };
    orderBy(index: string): { limit(count: number): { toArray(): Promise<unknown[]> } };
  };
  booleanIndexes: string[];
}

interface DexieInstance {
  closed?: boolean;
  internals?: Promise<DexieInternals>;
}

type StoredRow = Record<string, unknown> & { _meta: { lwt: number } };

/** The Dexie storage's name of its (write time, primary key) index. */
const indexName = (primaryPath: string) => `[_meta.lwt+${primaryPath}]`;

export async function readChangesSince(
  instance: DexieInstance,
  primaryPath: string,
  limit: number,
  checkpoint: LwtCheckpoint | undefined,
): Promise<{ documents: StoredRow[]; checkpoint: LwtCheckpoint }> {
  if (instance.closed) throw new Error('The storage instance is closed');
  const { dexieTable, booleanIndexes } = await (instance.internals as Promise<DexieInternals>);
  const index = indexName(primaryPath);
  const rows = checkpoint
    ? await dexieTable.where(index).above([checkpoint.lwt, checkpoint.id]).limit(limit).toArray()
    : await dexieTable.orderBy(index).limit(limit).toArray();
  const documents = rows.map((row) => fromDexieToStorage(booleanIndexes, row) as StoredRow);
  const last = documents.at(-1);
  return {
    documents,
    checkpoint: last ? { id: String(last[primaryPath]), lwt: last._meta.lwt } : (checkpoint ?? { id: '', lwt: 0 }),
  };
}

/** A Dexie instance without a change reader of its own (a later RxDB may bring one). */
function asDexieInstance(instance: AnyInstance): DexieInstance | null {
  const internals: unknown = instance.internals;
  return internals instanceof Promise && !instance.getChangedDocumentsSince ? (instance as unknown as DexieInstance) : null;
}

/** The storage, with an index read for the changes of every Dexie instance it creates. */
export function withIndexedChangesSince<S extends AnyStorage>(storage: S): S {
  return patchStorageInstances(storage, (instance, primaryPath) => {
    const dexie = asDexieInstance(instance);
    if (!dexie) return;
    instance.getChangedDocumentsSince = (limit, checkpoint) =>
      readChangesSince(dexie, primaryPath, limit, checkpoint as LwtCheckpoint | undefined) as ReturnType<NonNullable<AnyInstance['getChangedDocumentsSince']>>;
  });
}
