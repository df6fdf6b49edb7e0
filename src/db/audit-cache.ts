/**
 * What the timeline has loaded of the audit trail, kept on the device (issue 27;
 * docs/data-model.md: the audit log is not a collection, it grows without bound): one local
 * document of the user's database with the newest entries seen, so the timeline and the
 * Activity tabs stay readable offline and after a reload. Bounded: the oldest fall off.
 * Sign-out removes the database, and with it this document.
 */
import type { LocalDatabase } from './database.ts';

const LOCAL_DOC_ID = 'timeline-audit-entries';

/** The most entries kept on the device. */
export const MAX_CACHED_AUDIT_ENTRIES = 3000;

export interface CachedAuditEntry {
  id: number;
}

export async function readCachedAuditEntries<E extends CachedAuditEntry>(db: LocalDatabase): Promise<E[]> {
  const doc = await db.getLocal<{ entries: E[] }>(LOCAL_DOC_ID);
  return doc ? [...(doc.toJSON().data.entries as unknown as E[])] : [];
}

/** Adds entries (by id; newest first), keeping the newest MAX_CACHED_AUDIT_ENTRIES. */
export function cacheAuditEntries<E extends CachedAuditEntry>(db: LocalDatabase, entries: readonly E[]): Promise<void> {
  if (entries.length === 0 || db.closed) return Promise.resolve();
  // One write at a time per database: two pages merged at once would drop one of them.
  const previous = writes.get(db) ?? Promise.resolve();
  const next = previous.then(() => merge(db, entries)).catch((error: unknown) => console.error('[timeline] keeping entries on this device failed', error));
  writes.set(db, next);
  return next;
}

const writes = new WeakMap<LocalDatabase, Promise<void>>();

async function merge<E extends CachedAuditEntry>(db: LocalDatabase, entries: readonly E[]): Promise<void> {
  if (db.closed) return;
  const byId = new Map<number, E>();
  for (const entry of await readCachedAuditEntries<E>(db)) byId.set(entry.id, entry);
  for (const entry of entries) byId.set(entry.id, entry);
  const kept = [...byId.values()].sort((a, b) => b.id - a.id).slice(0, MAX_CACHED_AUDIT_ENTRIES);
  await db.upsertLocal(LOCAL_DOC_ID, { entries: kept });
}
