/**
 * What the timeline has loaded of the audit trail, kept on the device (issue 27;
 * docs/data-model.md: the audit log is not a collection, it grows without bound), so the
 * timeline and the Activity tabs stay readable offline and after a reload. Bounded: the
 * newest entries are kept, the oldest fall off.
 *
 * Entries about patients, orders and results are patient data (their `row_data` is the
 * whole record: names, dates of birth, addresses), and so is every opening and print of one
 * (issue 43): those are kept only in the protected database, which seals its local documents
 * at rest with the data key (protected/encrypting-storage.ts), while it is open; while it is
 * locked they are shown but not kept. The user's own database, which is not sealed, keeps
 * only the directory's entries. The caller says which entries are patient data (`sealed`):
 * the timeline's vocabulary is not the database's.
 *
 * Sign-out removes both databases, and with them these documents.
 */
import type { LocalDatabase } from './database.ts';
import { getProtectedDatabase } from './protected/protected-data.ts';

const LOCAL_DOC_ID = 'timeline-audit-entries';

/** The most entries kept on the device, per database. */
export const MAX_CACHED_AUDIT_ENTRIES = 3000;

export interface CachedAuditEntry {
  id: number;
}

/** Which entries carry patient data (kept sealed, never in the user's own database). */
export type SealedEntryTest<E extends CachedAuditEntry> = (entry: E) => boolean;

/** The protected database of the same user, when it is open. */
function sealedStoreFor(db: LocalDatabase): LocalDatabase | null {
  const sealed = getProtectedDatabase();
  return sealed && !sealed.closed && sealed.name === `${db.name}-protected` ? sealed : null;
}

async function readDoc<E extends CachedAuditEntry>(db: LocalDatabase): Promise<E[]> {
  const doc = await db.getLocal<{ entries: E[] }>(LOCAL_DOC_ID);
  return doc ? [...(doc.toJSON().data.entries as unknown as E[])] : [];
}

/**
 * The entries kept on this device: the directory's, and the patient data's while the
 * protected database is open. Patient entries that an earlier version kept in the user's
 * own database are moved out of it on the way (sealed when the protected database is open,
 * dropped otherwise: the server still has them).
 */
export async function readCachedAuditEntries<E extends CachedAuditEntry>(db: LocalDatabase, sealed: SealedEntryTest<E>): Promise<E[]> {
  const plain = await readDoc<E>(db);
  const strays = plain.filter(sealed);
  if (strays.length > 0) await queue(db, () => purgeStrays(db, sealed));
  const sealedStore = sealedStoreFor(db);
  const kept = sealedStore ? await readDoc<E>(sealedStore) : [];
  return mergeNewestFirst(
    plain.filter((entry) => !sealed(entry)),
    sealedStore ? [...kept, ...strays] : kept,
  );
}

/** Adds entries (by id; newest first), each to the database that may hold it. */
export function cacheAuditEntries<E extends CachedAuditEntry>(db: LocalDatabase, entries: readonly E[], sealed: SealedEntryTest<E>): Promise<void> {
  if (entries.length === 0 || db.closed) return Promise.resolve();
  const plain = entries.filter((entry) => !sealed(entry));
  const patient = entries.filter(sealed);
  const sealedStore = sealedStoreFor(db);
  const writes: Promise<void>[] = [];
  if (plain.length > 0) writes.push(queue(db, () => merge(db, plain)));
  if (patient.length > 0 && sealedStore) writes.push(queue(sealedStore, () => merge(sealedStore, patient)));
  return Promise.all(writes).then(() => undefined);
}

// One write at a time per database: two pages merged at once would drop one of them.
const writes = new WeakMap<LocalDatabase, Promise<void>>();

function queue(db: LocalDatabase, task: () => Promise<void>): Promise<void> {
  const previous = writes.get(db) ?? Promise.resolve();
  const next = previous.then(task).catch((error: unknown) => console.error('[timeline] keeping entries on this device failed', error));
  writes.set(db, next);
  return next;
}

function mergeNewestFirst<E extends CachedAuditEntry>(...lists: readonly E[][]): E[] {
  const byId = new Map<number, E>();
  for (const list of lists) for (const entry of list) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

async function merge<E extends CachedAuditEntry>(db: LocalDatabase, entries: readonly E[]): Promise<void> {
  if (db.closed) return;
  const kept = mergeNewestFirst(await readDoc<E>(db), [...entries]).slice(0, MAX_CACHED_AUDIT_ENTRIES);
  await db.upsertLocal(LOCAL_DOC_ID, { entries: kept });
}

async function purgeStrays<E extends CachedAuditEntry>(db: LocalDatabase, sealed: SealedEntryTest<E>): Promise<void> {
  if (db.closed) return;
  const plain = await readDoc<E>(db);
  const strays = plain.filter(sealed);
  if (strays.length === 0) return;
  await db.upsertLocal(LOCAL_DOC_ID, { entries: plain.filter((entry) => !sealed(entry)) });
  const sealedStore = sealedStoreFor(db);
  if (sealedStore) await queue(sealedStore, () => merge(sealedStore, strays));
}
