/**
 * The whole list of each scope as the list needs it (the fields a row shows), saved in an
 * IndexedDB store of its own per user, with the last write time of the records it reflects.
 * After a reload it answers the search before the local database has opened, and when the
 * database's records have not changed since (same last write time) it replaces the full
 * read of every document, which at 50,000 providers is seconds of IndexedDB deserialising
 * registry evidence (ARCHITECTURE.md: search ready within 2 s). One JSON string per list:
 * cheaper to store and read back than 50,000 objects.
 */
const DB_NAME = 'labdir-list-snapshots';
const STORE = 'lists';
/**
 * Lists saved before this format could name a write whose rows they lacked (saved while the
 * list had seen changes it had not applied yet, issue 34); they are read as none saved.
 */
const FORMAT = 2;

export interface ListSnapshotRecord<T> {
  /** The latest `_meta.lwt` among the records the rows reflect. */
  lwt: number;
  rows: T[];
}

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = request.onblocked = () => resolve(null);
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  return open().then(
    (db) =>
      new Promise((resolve) => {
        if (!db) return resolve(null);
        try {
          const request = action(db.transaction(STORE, mode).objectStore(STORE));
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

const keyOf = (userId: string, listKey: string) => `${userId}:${listKey}`;

/** The saved list, or null (none, or unreadable). */
export async function readListSnapshot<T>(userId: string, listKey: string): Promise<ListSnapshotRecord<T> | null> {
  const stored = await run<{ lwt: number; json: string; format?: number } | undefined>('readonly', (store) => store.get(keyOf(userId, listKey)));
  if (!stored || typeof stored.json !== 'string' || stored.format !== FORMAT) return null;
  try {
    return { lwt: stored.lwt, rows: JSON.parse(stored.json) as T[] };
  } catch {
    return null;
  }
}

export async function writeListSnapshot(userId: string, listKey: string, record: { lwt: number; json: string }): Promise<void> {
  await run('readwrite', (store) => store.put({ ...record, format: FORMAT }, keyOf(userId, listKey)));
}

/**
 * A protected list (patients, orders: src/lib/list/protected-list.ts) is saved sealed with
 * the protected database's data key: nothing of a patient is stored in the clear. The
 * same store and key space as the other lists, so sign-out forgets them with the rest.
 */
export interface SealedListRecord {
  lwt: number;
  iv: Uint8Array<ArrayBuffer>;
  sealed: ArrayBuffer;
}

const sealedKeyOf = (userId: string, listKey: string) => keyOf(userId, `sealed:${listKey}`);

export async function readSealedListSnapshot(userId: string, listKey: string): Promise<SealedListRecord | null> {
  const stored = await run<(SealedListRecord & { format?: number }) | undefined>('readonly', (store) => store.get(sealedKeyOf(userId, listKey)));
  if (!stored || stored.format !== FORMAT || typeof stored.lwt !== 'number' || !(stored.iv instanceof Uint8Array) || !(stored.sealed instanceof ArrayBuffer)) return null;
  return { lwt: stored.lwt, iv: stored.iv as Uint8Array<ArrayBuffer>, sealed: stored.sealed };
}

export async function writeSealedListSnapshot(userId: string, listKey: string, record: SealedListRecord): Promise<void> {
  await run('readwrite', (store) => store.put({ ...record, format: FORMAT }, sealedKeyOf(userId, listKey)));
}

/** Forget a user's saved lists, of every kind (sign-out). */
export async function deleteListSnapshots(userId: string): Promise<void> {
  await run('readwrite', (store) => store.delete(IDBKeyRange.bound(`${userId}:`, `${userId}:\uffff`)));
}
