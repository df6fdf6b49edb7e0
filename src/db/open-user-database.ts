/**
 * Opens one user's local database with everything its collections need at creation (the
 * conflict handler, with the record lookup and rejection registry it reports through), and
 * nothing of the sync itself. Split from session.ts so the app can paint local rows as
 * soon as the database is open, while the replication code and supabase-js load after
 * (ARCHITECTURE.md budgets: offline reload first rows, JavaScript before first paint).
 */
import { syncStatus, type SyncStatusApi } from '../stores/sync-store.ts';
import { collectionOf, defaultStorage, openLocalDatabase, type AnyRxStorage, type LocalDatabase, type OpenOptions } from './database.ts';
import { fieldsOf } from './mapping/row-mapping.ts';
import { createConflictHandler } from './replication/conflict-handler.ts';
import { EditBases, localDocumentBaseStore } from './replication/edit-bases.ts';
import type { RecordLookup } from './replication/notices.ts';
import { RejectionRegistry } from './replication/rejections.ts';
import { localDocumentStore, UnacknowledgedPushes } from './replication/unacknowledged-pushes.ts';

export interface UserDatabaseOptions extends Omit<OpenOptions, 'conflictHandler'> {
  /** The sync store to write (default: the app's `useSyncStore`). */
  status?: SyncStatusApi;
}

export interface OpenedUserDatabase {
  userId: string;
  db: LocalDatabase;
  storage: AnyRxStorage;
  status: SyncStatusApi;
  rejections: RejectionRegistry;
  /** States pushed without an answer yet, shared by the conflict handler and the push handler. */
  unacknowledged: UnacknowledgedPushes;
  /** The server versions local edits started from, for merges RxDB has no base for. */
  editBases: EditBases;
  lookup: RecordLookup;
}

export async function openUserDatabase(userId: string, options: UserDatabaseOptions = {}): Promise<OpenedUserDatabase> {
  const storage = options.storage ?? defaultStorage();
  const status = options.status ?? syncStatus;
  const rejections = new RejectionRegistry();
  const unacknowledged = new UnacknowledgedPushes();
  const editBases = new EditBases();
  let database: LocalDatabase | null = null;
  const lookup: RecordLookup = async (table, id) => {
    const collection = database ? collectionOf(database, table) : undefined;
    if (!collection || typeof id !== 'string') return null;
    const doc = await collection.findOne(id).exec();
    return doc ? fieldsOf(doc.toJSON()) : null;
  };
  const notify = (message: string, kind: 'conflict' | 'rejected') => status.notify(message, kind);
  const db = await openLocalDatabase(userId, {
    ...options,
    storage,
    editBases,
    conflictHandler: (table) => createConflictHandler(table, { rejections, unacknowledged, editBases, lookup, notify }),
  });
  database = db;
  editBases.attach(localDocumentBaseStore(db));
  // States pushed without an answer before the last reload (see unacknowledged-pushes.ts).
  await unacknowledged.load(localDocumentStore(db));
  return { userId, db, storage, status, rejections, unacknowledged, editBases, lookup };
}
