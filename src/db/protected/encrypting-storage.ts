/**
 * An RxStorage that keeps every document of a database sealed at rest (sealed-documents.ts):
 * the protected database's collections, its replication metadata (which holds whole
 * documents: the states assumed on the server) and its local documents (edit bases, pushes
 * awaiting an answer). Only RxDB's internal store, which holds the collections' schemas and
 * nothing of a patient, stays plain, so that sign-out can remove the database without the
 * key.
 *
 * Why our own wrapper and not RxDB's encryption-crypto-js plugin (measured in this
 * machine's Chromium, 789-byte patient documents): crypto-js runs AES-CBC in JavaScript with
 * an MD5 key derivation per value, 450–1,100 µs per document and per encrypted field, and
 * cannot seal replication metadata fields other than `docData`; WebCrypto AES-GCM (native,
 * authenticated, off the main thread) takes 65–135 µs per document, and @noble/ciphers'
 * JavaScript AES-GCM 230–320 µs. The wrapper seals whole documents, so a new field of a
 * protected table is sealed without anyone listing it.
 *
 * It is built like RxDB's `wrapRxStorageInstance`, with one difference: change events are
 * opened in order (`concatMap`), since opening is asynchronous and RxDB's caches and
 * replication expect the storage's events in the order of its writes. As there, a write
 * resolves only after its change events have been emitted.
 */
import { BehaviorSubject, concatMap, filter, firstValueFrom, tap, type Observable } from 'rxjs';
import { getPrimaryFieldOfPrimaryKey, normalizeMangoQuery, prepareQuery } from 'rxdb';
import type { AnyRxStorage } from '../database.ts';
import type { AnyInstance } from '../patch-storage-instances.ts';
import { DocumentSealer, type DocumentKey } from './sealed-documents.ts';

/** RxDB's internal store: schemas and the storage token, read by RxDB to remove a database. */
const PLAIN_SCHEMA_TITLES: ReadonlySet<string> = new Set(['RxInternalDocument']);

type Doc = Record<string, unknown>;

interface WriteRow {
  previous?: Doc;
  document: Doc;
}

interface WriteError {
  documentInDb?: Doc;
  writeRow: WriteRow;
  [key: string]: unknown;
}

interface ChangeEvent {
  documentData?: Doc;
  previousDocumentData?: Doc;
  [key: string]: unknown;
}

interface EventBulk {
  events: ChangeEvent[];
  [key: string]: unknown;
}

/** What the Dexie storage keeps behind an instance (rxdb/plugins/storage-dexie). */
interface DexieInternals {
  dexieTable?: { toArray(): Promise<Doc[]> };
  booleanIndexes: string[];
}

/** A query of every stored document that is not deleted, for storages other than Dexie (tests). */
function everything(instance: AnyInstance) {
  const schema = instance.schema;
  return prepareQuery(schema, normalizeMangoQuery(schema, { selector: {}, sort: [{ [getPrimaryFieldOfPrimaryKey(schema.primaryKey) as string]: 'asc' }] }));
}

function sealInstance(instance: AnyInstance, sealer: DocumentSealer): AnyInstance {
  const seal = (doc: Doc | undefined) => (doc ? sealer.seal(doc) : Promise.resolve(doc));
  const open = (doc: Doc | undefined) => (doc ? sealer.open(doc) : Promise.resolve(doc));
  const openAll = (docs: Doc[]) => Promise.all(docs.map((doc) => sealer.open(doc)));
  const processing$ = new BehaviorSubject(0);

  const openError = async (error: WriteError): Promise<WriteError> => ({
    ...error,
    documentInDb: await open(error.documentInDb),
    writeRow: { previous: await open(error.writeRow.previous), document: (await open(error.writeRow.document)) as Doc },
  });

  // Typed loosely: the instance's own types are generic over documents this wrapper only seals.
  const wrapped: Record<string, unknown> = {
    databaseName: instance.databaseName,
    internals: instance.internals,
    options: instance.options,
    schema: instance.schema,
    collectionName: instance.collectionName,
    underlyingInstance: instance,
    cleanup: instance.cleanup.bind(instance),
    close: instance.close.bind(instance),
    count: instance.count.bind(instance),
    remove: instance.remove.bind(instance),
    getAttachmentData: instance.getAttachmentData.bind(instance),
    async bulkWrite(rows: WriteRow[], context: string) {
      const sealed = await Promise.all(
        rows.map(async (row) => ({ previous: await seal(row.previous), document: (await seal(row.document)) as Doc })),
      );
      const result = (await instance.bulkWrite(sealed, context)) as { error: WriteError[] };
      const error = await Promise.all(result.error.map(openError));
      // A write resolves after its change events (RxDB's rule for storages).
      await firstValueFrom(processing$.pipe(filter((count) => count === 0)));
      return { error };
    },
    async query(preparedQuery: unknown) {
      const result = (await instance.query(preparedQuery as never)) as { documents: Doc[] };
      return { documents: await openAll(result.documents) };
    },
    async findDocumentsById(ids: string[], withDeleted: boolean) {
      return openAll((await instance.findDocumentsById(ids, withDeleted)) as Doc[]);
    },
    /** Every document that is not deleted, opened: one IndexedDB read where the storage is Dexie (see queries.ts). */
    async readAllOpened(): Promise<Doc[]> {
      const internals = (await (instance.internals as Promise<DexieInternals | undefined>)) ?? undefined;
      if (!internals?.dexieTable) {
        const all = (await instance.query(everything(instance))) as { documents: Doc[] };
        return openAll(all.documents);
      }
      const rows = await internals.dexieTable.toArray();
      const stored = rows.filter((row) => row._deleted !== '1' && row._deleted !== true);
      const docs = await openAll(stored);
      for (const doc of docs) for (const field of internals.booleanIndexes) if (typeof doc[field] === 'string') doc[field] = doc[field] === '1';
      return docs;
    },
    getChangedDocumentsSince: instance.getChangedDocumentsSince
      ? async (limit: number, checkpoint: unknown) => {
          const result = (await instance.getChangedDocumentsSince!(limit, checkpoint as never)) as { documents: Doc[]; checkpoint: unknown };
          return { checkpoint: result.checkpoint, documents: await openAll(result.documents) };
        }
      : undefined,
    changeStream: () =>
      (instance.changeStream() as unknown as Observable<EventBulk>).pipe(
        tap(() => processing$.next(processing$.getValue() + 1)),
        concatMap(async (bulk: EventBulk) => ({
          ...bulk,
          events: await Promise.all(
            bulk.events.map(async (event) => ({
              ...event,
              documentData: await open(event.documentData),
              previousDocumentData: await open(event.previousDocumentData),
            })),
          ),
        })),
        tap(() => processing$.next(processing$.getValue() - 1)),
      ),
  };
  return wrapped as unknown as AnyInstance;
}

/** The storage, sealing every document of every store but RxDB's internal one with the key. */
export function encryptingStorage(storage: AnyRxStorage, documentKey: DocumentKey): AnyRxStorage {
  return {
    ...storage,
    name: `sealed-${storage.name}`,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params: Parameters<AnyRxStorage['createStorageInstance']>[0]) {
      const instance = (await storage.createStorageInstance(params)) as AnyInstance;
      if (PLAIN_SCHEMA_TITLES.has(String(params.schema.title))) return instance;
      return sealInstance(instance, new DocumentSealer(documentKey, params.schema, `${params.databaseName}/${params.collectionName}`));
    },
  } as AnyRxStorage;
}
