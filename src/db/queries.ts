/**
 * Reads the list pages need, shaped for the performance budgets (ARCHITECTURE.md): the
 * first rows from a limited, indexed, sorted query; the whole list once (to build a search
 * haystack); then only the changes. Never a `$regex` query per keystroke.
 */
import { mergeMap, type Observable } from 'rxjs';
import type { MangoQuerySelector, MangoQuerySortPart, RxCollection, RxQuery, RxDocument } from 'rxdb';
import type { LocalCollections, LocalDatabase } from './database.ts';
import { sortKey, type OrganizationDoc, type OrderDoc, type PatientDoc, type ResultDoc, type ProviderDoc } from './tables/local-docs.ts';

export interface ListOptions {
  /** The first N rows only (paint fast, then load the rest). */
  limit?: number;
  /** Only rows with is_active true. */
  activeOnly?: boolean;
}

/** Providers sorted by last name, then first name (the `sort_name` index). */
export function providersByLastName(db: LocalDatabase, options: ListOptions = {}): RxQuery<ProviderDoc, Array<RxDocument<ProviderDoc>>> {
  const selector: MangoQuerySelector<ProviderDoc> = options.activeOnly ? { is_active: true } : {};
  return db.providers.find({
    selector,
    sort: [{ sort_name: 'asc' }, { id: 'asc' }],
    ...(options.limit ? { limit: options.limit } : {}),
  });
}

/** What the Dexie storage keeps behind an RxDB storage instance (rxdb/plugins/storage-dexie). */
interface DexieInternals {
  dexieTable?: {
    toArray(): Promise<Array<Record<string, unknown>>>;
    orderBy(index: string): { last(): Promise<{ _meta?: { lwt?: number } } | undefined> };
  };
  booleanIndexes: string[];
}

/** The synced collections a list can be made of (every local collection but the outbox). */
export type ListCollectionName = Exclude<keyof LocalCollections, 'outbox'>;

/** The document type of a collection. */
export type DocOf<N extends ListCollectionName> = LocalCollections[N] extends RxCollection<infer D> ? D : never;

async function dexieInternals(db: LocalDatabase, name: ListCollectionName): Promise<DexieInternals | undefined> {
  const instance = db.collections[name].internalStorageInstance as unknown as { internals?: Promise<DexieInternals> };
  return instance.internals;
}

/**
 * Every document of a collection that is not deleted (any order), in one IndexedDB read. A
 * query reads through a cursor, one event-loop turn per document: at 50,000 providers that
 * was most of what the list's search waited for after a reload (ARCHITECTURE.md budgets).
 * Other storages (tests) go through a query.
 */
export async function readAllDocs<N extends ListCollectionName>(db: LocalDatabase, name: N): Promise<Array<DocOf<N>>> {
  const collection = db.collections[name] as unknown as RxCollection<DocOf<N>>;
  // A protected collection's documents are sealed at rest: its storage opens them in one read.
  const sealed = collection.internalStorageInstance as unknown as { readAllOpened?: () => Promise<Array<DocOf<N>>> };
  if (sealed.readAllOpened) return sealed.readAllOpened();
  const internals = await dexieInternals(db, name);
  if (!internals?.dexieTable) return (await collection.find().exec()).map((doc) => doc.toJSON() as DocOf<N>);
  const stored = await internals.dexieTable.toArray();
  const docs: Array<DocOf<N>> = [];
  for (const row of stored) {
    // Dexie keeps indexed booleans (and _deleted) as '1' / '0'. Only those are converted:
    // RxDB's own conversion also walks every nested JSON field, which costs more than the read.
    if (row._deleted === '1') continue;
    for (const field of internals.booleanIndexes) row[field] = row[field] === '1';
    docs.push(row as unknown as DocOf<N>);
  }
  return docs;
}

/** Above every primary key (uuids, and the few text keys): a checkpoint past the whole of one write. */
const AFTER_EVERY_ID = '\uffff';

/**
 * Every document written after `since` (its `_meta.lwt`), deleted ones as null, read through
 * the storage's write-time index and opened where sealed: what changed since a saved list
 * (src/lib/list/savable-list.ts), so the list is not read whole for a few pulled records.
 * Strictly after: every document of one bulk write has the same write time, and a list saved
 * at that time already holds them all (RxDB's write times only ever increase), so none of
 * them is read again. Read from the time itself, a saved list taken at unlock read and
 * opened the whole last page of the sync again: thousands of records at 100,000 patients.
 */
export async function readChangedSince<N extends ListCollectionName>(db: LocalDatabase, name: N, since: number): Promise<Array<DocChange<DocOf<N>>>> {
  const collection = db.collections[name] as unknown as RxCollection<DocOf<N>>;
  type Page = { documents: Array<Record<string, unknown>>; checkpoint: { id: string; lwt: number } | null };
  const instance = collection.internalStorageInstance as unknown as { getChangedDocumentsSince?: (limit: number, checkpoint: { id: string; lwt: number }) => Promise<Page> };
  if (!instance.getChangedDocumentsSince) throw new Error('The storage cannot tell what changed');
  const changes: Array<DocChange<DocOf<N>>> = [];
  let checkpoint = { id: AFTER_EVERY_ID, lwt: since };
  for (;;) {
    const page = await instance.getChangedDocumentsSince(500, checkpoint);
    for (const doc of page.documents) {
      const id = String(doc[collection.schema.primaryPath]);
      changes.push({ id, doc: doc._deleted ? null : (doc as unknown as DocOf<N>) });
    }
    if (page.documents.length < 500 || !page.checkpoint) return changes;
    checkpoint = page.checkpoint;
  }
}

/** How many documents of a collection are not deleted (from the storage's index, nothing opened). */
export async function countDocs(db: LocalDatabase, name: ListCollectionName): Promise<number> {
  return (db.collections[name] as unknown as RxCollection<object>).count().exec();
}

/** The documents with these ids that are not deleted (any order): the records a list's rows refer to. */
export async function readDocsByIds<N extends ListCollectionName>(db: LocalDatabase, name: N, ids: readonly string[]): Promise<Array<DocOf<N>>> {
  if (ids.length === 0) return [];
  const collection = db.collections[name] as unknown as RxCollection<DocOf<N>>;
  const found = await collection.findByIds([...ids]).exec();
  return [...found.values()].map((doc) => doc.toJSON() as DocOf<N>);
}

/**
 * When a collection was last written locally (the largest `_meta.lwt`, deletions included),
 * from the storage's index; NaN where the storage does not tell (tests). A list saved at
 * this time is still exact.
 */
export async function latestWrite(db: LocalDatabase, name: ListCollectionName): Promise<number> {
  const internals = await dexieInternals(db, name);
  if (!internals?.dexieTable) return Number.NaN;
  const latest = await internals.dexieTable.orderBy('_meta.lwt').last();
  return latest?._meta?.lwt ?? 0;
}

/** The first `limit` documents matching `selector`, by an indexed sort (then id): a list's first page. */
export async function firstDocs<N extends ListCollectionName>(
  db: LocalDatabase,
  name: N,
  options: { selector?: Record<string, unknown>; sortField: string; limit: number },
): Promise<Array<DocOf<N>>> {
  const collection = db.collections[name] as unknown as RxCollection<DocOf<N>>;
  const docs = await collection
    .find({
      selector: (options.selector ?? {}) as MangoQuerySelector<DocOf<N>>,
      sort: [{ [options.sortField]: 'asc' }, { id: 'asc' }] as MangoQuerySortPart<DocOf<N>>[],
      limit: options.limit,
    })
    .exec();
  return docs.map((doc) => doc.toJSON() as DocOf<N>);
}

/** Every provider that is not deleted (any order), in one IndexedDB read (see readAllDocs). */
export function readAllProviders(db: LocalDatabase): Promise<ProviderDoc[]> {
  return readAllDocs(db, 'providers');
}

/** When the providers were last written locally (see latestWrite). */
export function latestProviderWrite(db: LocalDatabase): Promise<number> {
  return latestWrite(db, 'providers');
}

/** The provider with this NPI, if any (the `npi_key` index). */
export function providerByNpi(db: LocalDatabase, npi: string): RxQuery<ProviderDoc, RxDocument<ProviderDoc> | null> {
  return db.providers.findOne({ selector: { npi_key: npi.trim() } });
}

/** Organizations sorted by legal name. */
export function organizationsByName(
  db: LocalDatabase,
  options: ListOptions = {},
): RxQuery<OrganizationDoc, Array<RxDocument<OrganizationDoc>>> {
  const selector: MangoQuerySelector<OrganizationDoc> = options.activeOnly ? { is_active: true } : {};
  return db.organizations.find({
    selector,
    sort: [{ sort_name: 'asc' }, { id: 'asc' }],
    ...(options.limit ? { limit: options.limit } : {}),
  });
}

export interface DocChange<D> {
  id: string;
  /** The document after the change; null when it was deleted. */
  doc: D | null;
}

export type ProviderChange = DocChange<ProviderDoc>;

/**
 * Every change to a collection, as it happens (to keep a search haystack up to date). Read
 * from the collection's event bulks, not `collection.$`: RxDB keeps the events it makes for
 * `$` in a module-level Map keyed by bulk that is never emptied (`EVENT_BULK_CACHE` in
 * rx-change-event.js), so every provider ever downloaded or edited, registry answers
 * included, stayed in memory (most of a 140 MB heap at 50,000 providers).
 */
export function watchChanges<N extends ListCollectionName>(db: LocalDatabase, name: N): Observable<DocChange<DocOf<N>>> {
  const collection = db.collections[name] as unknown as RxCollection<DocOf<N>>;
  return collection.eventBulks$.pipe(
    mergeMap((bulk) =>
      bulk.events.map((event) => ({
        id: event.documentId,
        doc: event.operation === 'DELETE' ? null : (event.documentData as DocOf<N>),
      })),
    ),
  );
}

/** Every change to providers, as it happens (see watchChanges). */
export function watchProviderChanges(db: LocalDatabase): Observable<ProviderChange> {
  return watchChanges(db, 'providers');
}

/** The lowercase text a provider is searched by (first name, last name, NPI), spec §5. */
export function providerSearchText(doc: Pick<ProviderDoc, 'first_name' | 'last_name' | 'npi'>): string {
  return sortKey(doc.first_name, doc.last_name, doc.npi);
}

/**
 * Every patient of the open protected database that is not deleted, opened: one IndexedDB
 * read and one decryption per document (protected/encrypting-storage.ts), not a query's
 * cursor. They go into the list's in-memory search haystack and nowhere else.
 */
export function readAllPatients(db: LocalDatabase): Promise<PatientDoc[]> {
  return readAllProtected(db, 'patients');
}

/** Every order of the open protected database that is not deleted, opened (as readAllPatients). */
export function readAllOrders(db: LocalDatabase): Promise<OrderDoc[]> {
  return readAllProtected(db, 'orders');
}

/** Every result of the open protected database that is not deleted, opened (as readAllPatients). */
export function readAllResults(db: LocalDatabase): Promise<ResultDoc[]> {
  return readAllProtected(db, 'results');
}

function readAllProtected<C extends 'patients' | 'orders' | 'results'>(db: LocalDatabase, name: C): Promise<Array<DocOf<C>>> {
  return readAllDocs(db, name);
}

export interface PatientChange {
  id: string;
  /** The patient after the change; null when it was deleted. */
  doc: PatientDoc | null;
}

/** Every change to patients, as it happens (see watchProviderChanges for why event bulks). */
export function watchPatientChanges(db: LocalDatabase): Observable<PatientChange> {
  return db.patients.eventBulks$.pipe(
    mergeMap((bulk) =>
      bulk.events.map((event) => ({
        id: event.documentId,
        doc: event.operation === 'DELETE' ? null : (event.documentData as PatientDoc),
      })),
    ),
  );
}
