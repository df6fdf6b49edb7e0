/**
 * Opens the signed-in user's local database: one RxDB database per user (its name derived
 * from the user id), on the free Dexie storage (IndexedDB in the browser, fake-indexeddb in
 * Node tests), with the directory's synced collections and the local outbox. The same code
 * opens the user's protected database (src/db/protected: patient data, under its own name,
 * on an encrypting storage, without an outbox). Dev-mode checks and schema validation run
 * only in development builds (or when a test asks for them).
 */
import {
  addRxPlugin,
  createRxDatabase,
  removeRxDatabase,
  type DexieSettings,
  type RxCollection,
  type RxConflictHandler,
  type RxDatabase,
  type RxStorage,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { withGreatestBulkCheckpoints } from './bulk-checkpoint-storage.ts';
import { withIndexedChangesSince } from './indexed-changes-storage.ts';
import { keyScanBulkReads } from './key-scan-bulk-reads.ts';
import { withPackedReplicationMeta } from './packed/packed-replication-meta.ts';
import { prepareLocalWrite, systemClock, touchUpdatedAt, type Clock } from './mapping/row-mapping.ts';
import { docsEqual } from './merge/docs-equal.ts';
import { muteStorageNotice } from './storage-notice.ts';
import { outboxSchema, type OutboxItem } from './outbox/outbox-schema.ts';
import type { EditBases } from './replication/edit-bases.ts';
import { additiveMigrations } from './schema/additive-migration.ts';
import { SCHEMA_VERSIONS, syncedSchema } from './schema/synced-schemas.ts';
import { COLLECTION_OF, DIRECTORY_TABLES, type SyncedTable } from './tables/definitions.ts';
import type {
  AlertDoc,
  DelegateDoc,
  LocalDocOfTable,
  MembershipDoc,
  OrganizationDoc,
  PickupRequestDoc,
  PatientDoc,
  OrderDoc,
  ResultDoc,
  PreferenceDoc,
  ProfileDoc,
  ProviderDoc,
  UserRoleDoc,
} from './tables/local-docs.ts';

export interface LocalCollections {
  organizations: RxCollection<OrganizationDoc>;
  providers: RxCollection<ProviderDoc>;
  profiles: RxCollection<ProfileDoc>;
  user_roles: RxCollection<UserRoleDoc>;
  memberships: RxCollection<MembershipDoc>;
  preferences: RxCollection<PreferenceDoc>;
  delegates: RxCollection<DelegateDoc>;
  pickup_requests: RxCollection<PickupRequestDoc>;
  alerts: RxCollection<AlertDoc>;
  outbox: RxCollection<OutboxItem>;
  /** In the protected database only (src/db/protected), never in the user's database. */
  patients: RxCollection<PatientDoc>;
  orders: RxCollection<OrderDoc>;
  results: RxCollection<ResultDoc>;
}

export type LocalDatabase = RxDatabase<LocalCollections>;

// The storage's type parameters are internal to each storage implementation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRxStorage = RxStorage<any, any>;

export type ConflictHandlerFactory = <T extends SyncedTable>(table: T) => RxConflictHandler<LocalDocOfTable[T]>;

export interface OpenOptions {
  /** Where the data lives; default: Dexie on the global IndexedDB. */
  storage?: AnyRxStorage;
  /** RxDB dev-mode checks and schema validation; default: development builds only. */
  devMode?: boolean;
  /** Several tabs share the database and elect one to sync; default: in a browser. */
  multiInstance?: boolean;
  /** The synced tables to open (all by default; tests open fewer to stay under RxDB's limit). */
  tables?: readonly SyncedTable[];
  /** Resolves push conflicts; the sync engine supplies it (default: server wins). */
  conflictHandler?: ConflictHandlerFactory;
  /** Keeps a clean record's state before its first local change (replication/edit-bases.ts). */
  editBases?: Pick<EditBases, 'remember'>;
  clock?: Clock;
  /** The database's name (default: the user's database, `databaseNameFor(userId)`). */
  name?: string;
  /** Open the local outbox collection too (default: yes; the protected database has none). */
  withOutbox?: boolean;
  /** Wraps the storage over the app's own patches, under RxDB's validation (the protected database encrypts here). */
  wrapStorage?: (storage: AnyRxStorage) => AnyRxStorage;
}

const DATABASE_PREFIX = 'labdir-';

/** The local database's name for a user: RxDB names allow lowercase letters, digits and `-`. */
export function databaseNameFor(userId: string): string {
  const slug = userId.toLowerCase().replace(/[^a-z0-9-]/g, '');
  if (!slug) throw new Error('A local database needs a user id');
  return DATABASE_PREFIX + slug;
}

/** Vite replaces this at build time, so production bundles drop the dev-mode branch. */
function isDevBuild(): boolean {
  return import.meta.env.DEV === true;
}

/**
 * Whether RxDB's replication metadata goes to the packed storage (packed/packed-replication-meta.ts):
 * off. It passes the sync journeys, the crash tests and the soak, and makes the first sync
 * faster (0.81× at 10,000 providers, tests/bench/first-sync-ab.ts; 37.8 s against 41.6 s at
 * 50,000), but it keeps every row's server state in memory: at 50,000 providers and 100,000
 * patients (npm run bench, issue 28) the offline reload's search-ready went from 727 ms to
 * 4.2–5.1 s, an edit seen by another browser from about 0.5 s to 2.7–4.0 s and the patient
 * search p95 from 27 ms to 51 ms. A packed storage that keeps only an index in memory would
 * be needed before it is worth turning on.
 * A build with VITE_PACKED_REPLICATION_META=on or =off overrides it (the benchmark's switch).
 */
export const PACK_REPLICATION_META_BY_DEFAULT = false;

declare global {
  interface ImportMetaEnv {
    readonly VITE_PACKED_REPLICATION_META?: string;
  }
}

// `import.meta.env` is Vite's (and Vitest's): plain Node (the soak's workers) has none.
const packingFlag = (import.meta.env as ImportMetaEnv | undefined)?.VITE_PACKED_REPLICATION_META;
export const PACK_REPLICATION_META = packingFlag === 'on' || (packingFlag !== 'off' && PACK_REPLICATION_META_BY_DEFAULT);

/**
 * RxDB's Dexie storage, whose databases read large key sets with a key scan first
 * (key-scan-bulk-reads.ts), with the replication's metadata packed many rows per record.
 */
export function dexieStorage({ packReplicationMeta = PACK_REPLICATION_META, ...settings }: DexieSettings & { packReplicationMeta?: boolean } = {}): AnyRxStorage {
  muteStorageNotice();
  const dexie = getRxStorageDexie({
    ...settings,
    onCreate: async (dexie, name) => {
      dexie.use(keyScanBulkReads);
      await settings.onCreate?.(dexie, name);
    },
  });
  if (!packReplicationMeta) return dexie;
  return withPackedReplicationMeta(dexie, { indexedDB: settings.indexedDB, IDBKeyRange: settings.IDBKeyRange });
}

export function defaultStorage(): AnyRxStorage {
  return dexieStorage();
}

let devModeReady: Promise<void> | null = null;

/** Load the dev-mode plugin once (a dynamic import keeps it out of production bundles). */
function enableDevMode(): Promise<void> {
  devModeReady ??= import('rxdb/plugins/dev-mode').then(({ RxDBDevModePlugin, disableWarnings }) => {
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
  });
  return devModeReady;
}

async function storageFor(options: OpenOptions, devMode: boolean): Promise<AnyRxStorage> {
  const patched = withIndexedChangesSince(withGreatestBulkCheckpoints(options.storage ?? defaultStorage()));
  const storage = options.wrapStorage ? options.wrapStorage(patched) : patched;
  if (!devMode) return storage;
  const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv');
  return wrappedValidateAjvStorage({ storage });
}

const serverWins: ConflictHandlerFactory = () => ({
  isEqual: (a, b) => docsEqual(a, b),
  resolve: async (input) => ({ ...input.realMasterState, local_dirty: false }),
});

/** Open (or create) the user's database with every collection. */
export async function openLocalDatabase(userId: string, options: OpenOptions = {}): Promise<LocalDatabase> {
  const devMode = options.devMode ?? isDevBuild();
  if (devMode) await enableDevMode();
  addRxPlugin(RxDBLocalDocumentsPlugin);
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
  const db = await createRxDatabase<LocalCollections>({
    name: options.name ?? databaseNameFor(userId),
    storage: await storageFor(options, devMode),
    multiInstance: options.multiInstance ?? typeof window !== 'undefined',
    eventReduce: true,
    localDocuments: true,
    closeDuplicates: true,
  });
  const tables = options.tables ?? DIRECTORY_TABLES;
  const conflictHandler = options.conflictHandler ?? serverWins;
  const creators: Record<string, { schema: unknown; conflictHandler?: unknown; migrationStrategies?: unknown }> =
    options.withOutbox === false ? {} : { outbox: { schema: outboxSchema } };
  for (const table of tables) {
    creators[COLLECTION_OF[table]] = {
      schema: syncedSchema(table),
      conflictHandler: conflictHandler(table),
      migrationStrategies: additiveMigrations(table, SCHEMA_VERSIONS[table], options.clock ?? systemClock),
    };
  }
  try {
    // The creators are typed per collection above; RxDB's own map type is loose.
    await db.addCollections(creators as Parameters<typeof db.addCollections>[0]);
  } catch (error) {
    await db.close();
    throw error;
  }
  installWriteHooks(db, tables, options.clock ?? systemClock, options.editBases);
  return db;
}

/**
 * Every write made through the collections' API (inserts, patches, removals) fills the
 * migration's defaults, decodes JSON text, refreshes the sort keys and marks the record
 * dirty; a clean record's state is kept first as the base of its edits (edit-bases.ts).
 * Replication writes go to the storage directly and skip these hooks.
 */
function installWriteHooks(db: LocalDatabase, tables: readonly SyncedTable[], clock: Clock, editBases?: Pick<EditBases, 'remember'>): void {
  // The base is a fallback for the merge: failing to keep it must not fail the user's edit.
  const rememberBase = (table: SyncedTable, clean: Record<string, unknown>) => editBases?.remember(table, clean).catch(() => undefined);
  for (const table of tables) {
    const collection = db.collections[COLLECTION_OF[table]] as unknown as RxCollection<Record<string, unknown>>;
    collection.preInsert((data) => prepareLocalWrite(table, data, clock), false);
    collection.preSave(async (data, previous) => {
      const before = previous as Record<string, unknown> | undefined;
      prepareLocalWrite(table, data, clock);
      if (!before) return;
      // A save that changes nothing keeps the record's state (it has nothing new to push).
      if (docsEqual(data, before)) {
        data.local_dirty = before.local_dirty === true;
        return;
      }
      touchUpdatedAt(table, data, before, clock);
      if (before.local_dirty === false) await rememberBase(table, before);
    }, false);
    collection.preRemove(async (data) => {
      if (data.local_dirty === false) await rememberBase(table, data);
      data.local_dirty = true;
    }, false);
  }
}

/** Delete the user's local database and everything in it (sign-out on a shared computer). */
export async function removeLocalDatabase(userId: string, storage?: AnyRxStorage): Promise<void> {
  await removeDatabaseNamed(databaseNameFor(userId), storage);
}

/** Delete a database of this app by name, with the IndexedDB databases its storages made for it. */
export async function removeDatabaseNamed(name: string, storage?: AnyRxStorage): Promise<void> {
  await removeRxDatabase(name, storage ?? defaultStorage(), false);
  // The storages empty their IndexedDB databases but leave them (named after the user)
  // behind: in a browser, delete them from its IndexedDB too (Node tests have none global).
  await deleteIndexedDbs(`rxdb-dexie-${name}--`);
  await deleteIndexedDbs(`rxdb-packed-${name}--`);
}

async function deleteIndexedDbs(prefix: string): Promise<void> {
  const idb = globalThis.indexedDB as IDBFactory | undefined;
  if (!idb?.databases) return;
  const names = (await idb.databases()).map((info) => info.name ?? '').filter((name) => name.startsWith(prefix));
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = idb.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}

/** The collection of a synced table, if this database opened it. */
export function collectionOf<T extends SyncedTable>(db: LocalDatabase, table: T): RxCollection<LocalDocOfTable[T]> | undefined {
  const collections = db.collections as unknown as Record<string, RxCollection<LocalDocOfTable[T]> | undefined>;
  return collections[COLLECTION_OF[table]];
}
