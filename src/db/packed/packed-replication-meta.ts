/**
 * The app's storage, with RxDB's replication metadata packed many rows per IndexedDB record.
 *
 * RxDB's replication keeps, for every replicated document, the server state it last saw, in
 * a storage instance of its own (`rx-replication-meta-*`, schema "RxReplicationProtocolMetaData").
 * On the Dexie storage that is one IndexedDB record per document: a first sync of N rows
 * wrote 2N records, and a record costs ~0.3 ms in Chromium whatever its size (34 s of a
 * 50,000-provider first sync, measured by tests/bench/measure-storage-floor.ts). Only the
 * replication reads and writes that instance (its look-up of pulled ids, its write of their
 * new states, its checkpoint), so it goes to a packed instance (packed-storage-instance.ts):
 * one record per write. Every other instance stays on Dexie: the app reads their Dexie
 * internals (queries.ts, indexed-changes-storage.ts).
 *
 * A device that synced before keeps what it had: a packed instance opened for the first time
 * takes over the rows of the Dexie database the same instance used before, then empties it.
 */
import { META_INSTANCE_SCHEMA_TITLE, prepareQuery, type RxStorage, type RxStorageInstanceCreationParams } from 'rxdb';
import { PackedStorageInstance, type PackedSettings } from './packed-storage-instance.ts';

// The storage's type parameters are internal to each storage implementation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyStorage = RxStorage<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CreationParams = RxStorageInstanceCreationParams<any, any>;

/** RxDB names its replication's metadata instances with this prefix (plugins/replication). */
export const REPLICATION_META_PREFIX = 'rx-replication-meta-';

/** An instance of RxDB's replication metadata: its schema's title and its collection's name both say so. */
export function isReplicationMeta(params: Pick<CreationParams, 'collectionName' | 'schema'>): boolean {
  return params.schema.title === META_INSTANCE_SCHEMA_TITLE && params.collectionName.startsWith(REPLICATION_META_PREFIX);
}

/** The Dexie storage's IndexedDB database of an instance (rxdb/plugins/storage-dexie dexie-helper.js). */
function dexieDatabaseName(params: CreationParams): string {
  return `rxdb-dexie-${params.databaseName}--${params.schema.version}--${params.collectionName}`;
}

export function withPackedReplicationMeta<S extends AnyStorage>(dexie: S, settings: PackedSettings = {}): S {
  return {
    ...dexie,
    name: dexie.name,
    rxdbVersion: dexie.rxdbVersion,
    async createStorageInstance(params: CreationParams) {
      if (!isReplicationMeta(params)) return dexie.createStorageInstance(params);
      const instance = await PackedStorageInstance.open(dexie, params, settings);
      if (instance.isEmpty) await adoptDexieRows(dexie, params, settings, instance);
      return instance;
    },
  } as S;
}

/** Moves the rows a Dexie instance of the same name holds (from before the packing) into a fresh packed instance. */
async function adoptDexieRows(dexie: AnyStorage, params: CreationParams, settings: PackedSettings, packed: PackedStorageInstance): Promise<void> {
  const factory = (settings.indexedDB ?? globalThis.indexedDB) as IDBFactory | undefined;
  if (!factory?.databases) return;
  const name = dexieDatabaseName(params);
  if (!(await factory.databases()).some((info) => info.name === name)) return;
  const old = await dexie.createStorageInstance(params);
  try {
    const query = prepareQuery(params.schema, { selector: {}, sort: [{ [packed.primaryPath]: 'asc' }], skip: 0 });
    const { documents } = await old.query(query);
    if (documents.length === 0) return;
    // The packed copy is committed before the old one is emptied: a crash in between keeps both, and the packed one is used.
    if (await packed.adopt(documents)) await old.remove();
  } finally {
    await old.close();
  }
}
