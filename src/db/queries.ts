/**
 * Reads the list pages need, shaped for the performance budgets (ARCHITECTURE.md): the
 * first rows from a limited, indexed, sorted query; the whole list once (to build a search
 * haystack); then only the changes. Never a `$regex` query per keystroke.
 */
import { mergeMap, type Observable } from 'rxjs';
import type { MangoQuerySelector, RxQuery, RxDocument } from 'rxdb';
import type { LocalDatabase } from './database.ts';
import { sortKey, type OrganizationDoc, type PatientDoc, type ProviderDoc } from './tables/local-docs.ts';

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

/**
 * Every provider that is not deleted (any order), in one IndexedDB read. A query reads
 * through a cursor, one event-loop turn per document: at 50,000 providers that was most of
 * what the list's search waited for after a reload (ARCHITECTURE.md budgets). Other
 * storages (tests) go through a query.
 */
export async function readAllProviders(db: LocalDatabase): Promise<ProviderDoc[]> {
  const instance = db.providers.internalStorageInstance as unknown as { internals?: Promise<DexieInternals> };
  const internals = await instance.internals;
  if (!internals?.dexieTable) return (await db.providers.find().exec()).map((doc) => doc.toJSON() as ProviderDoc);
  const stored = await internals.dexieTable.toArray();
  const docs: ProviderDoc[] = [];
  for (const row of stored) {
    // Dexie keeps indexed booleans (and _deleted) as '1' / '0'. Only those are converted:
    // RxDB's own conversion also walks every nested JSON field, which costs more than the read.
    if (row._deleted === '1') continue;
    for (const field of internals.booleanIndexes) row[field] = row[field] === '1';
    docs.push(row as unknown as ProviderDoc);
  }
  return docs;
}

/**
 * When the providers were last written locally (the largest `_meta.lwt`, deletions
 * included), from the storage's index; NaN where the storage does not tell (tests). A list
 * saved at this time is still exact.
 */
export async function latestProviderWrite(db: LocalDatabase): Promise<number> {
  const instance = db.providers.internalStorageInstance as unknown as { internals?: Promise<DexieInternals> };
  const internals = await instance.internals;
  if (!internals?.dexieTable) return Number.NaN;
  const latest = await internals.dexieTable.orderBy('_meta.lwt').last();
  return latest?._meta?.lwt ?? 0;
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

export interface ProviderChange {
  id: string;
  /** The provider after the change; null when it was deleted. */
  doc: ProviderDoc | null;
}

/**
 * Every change to providers, as it happens (to keep a search haystack up to date). Read from
 * the collection's event bulks, not `providers.$`: RxDB keeps the events it makes for `$` in
 * a module-level Map keyed by bulk that is never emptied (`EVENT_BULK_CACHE` in
 * rx-change-event.js), so every provider ever downloaded or edited, registry answers
 * included, stayed in memory (most of a 140 MB heap at 50,000 providers).
 */
export function watchProviderChanges(db: LocalDatabase): Observable<ProviderChange> {
  return db.providers.eventBulks$.pipe(
    mergeMap((bulk) =>
      bulk.events.map((event) => ({
        id: event.documentId,
        doc: event.operation === 'DELETE' ? null : (event.documentData as ProviderDoc),
      })),
    ),
  );
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
export async function readAllPatients(db: LocalDatabase): Promise<PatientDoc[]> {
  const instance = db.patients.internalStorageInstance as unknown as { readAllOpened?: () => Promise<PatientDoc[]> };
  if (instance.readAllOpened) return instance.readAllOpened();
  return (await db.patients.find().exec()).map((doc) => doc.toJSON() as PatientDoc);
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
