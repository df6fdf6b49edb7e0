/**
 * The device's copy of the reference data: one IndexedDB database (Dexie), outside RxDB,
 * holding the last asset of each data set. Reference data is shared by every user and
 * changed only by admins, so it is not a synced collection (docs/data-model.md); it is
 * replaced whole when a new version is published, and deleted on sign-out with the rest
 * of the device's data.
 */
import Dexie, { type Table } from 'dexie';
import type { ReferenceAsset, ReferenceDataSetName } from '../lab/reference-types.ts';

export const REFERENCE_DB_NAME = 'lab-reference-data';

export interface StoredReferenceAsset {
  name: ReferenceDataSetName;
  asset: ReferenceAsset;
  /** When this device stored it (ISO). */
  stored_at: string;
}

/** IndexedDB to use (tests pass fake-indexeddb's). */
export interface IndexedDbDeps {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

class ReferenceCacheDatabase extends Dexie {
  assets!: Table<StoredReferenceAsset, ReferenceDataSetName>;

  constructor(deps?: IndexedDbDeps) {
    super(REFERENCE_DB_NAME, deps);
    this.version(1).stores({ assets: 'name' });
  }
}

export interface ReferenceCache {
  readAll(): Promise<StoredReferenceAsset[]>;
  write(asset: ReferenceAsset): Promise<void>;
  close(): void;
}

export function openReferenceCache(deps?: IndexedDbDeps): ReferenceCache {
  const db = new ReferenceCacheDatabase(deps);
  return {
    readAll: () => db.assets.toArray(),
    async write(asset) {
      await db.assets.put({ name: asset.name, asset, stored_at: new Date().toISOString() });
    },
    close: () => db.close(),
  };
}

/** Deletes the whole cache (sign-out). */
export async function deleteReferenceCache(deps?: IndexedDbDeps): Promise<void> {
  await new ReferenceCacheDatabase(deps).delete();
}
