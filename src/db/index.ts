/**
 * The data layer's API for the app: start the signed-in user's local data (database +
 * sync + outbox), stop it, wipe it; reach the database and its collections from React-free
 * code (`localData$`, `getLocalDatabase`) and queue online-only calls. One user's local
 * data runs at a time; starting another user's stops the first (their pending changes stay
 * in their own database and are never pushed with someone else's session).
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { openLocalDatabase, removeLocalDatabase, type AnyRxStorage, type LocalCollections, type LocalDatabase } from './database.ts';
import type { EnqueueOptions } from './outbox/outbox.ts';
import type { OutboxItem, OutboxKind } from './outbox/outbox-schema.ts';
import { openUserDatabase } from './open-user-database.ts';
import { newOpening, RECORD_OPENING_KIND, type ProtectedRecordTable, type RecordAction } from './protected/openings.ts';
import {
  lockProtectedData,
  openForProtectedDatabase,
  pendingProtectedRecords,
  protectedDataState,
  sealForProtectedDatabase,
  wipeProtectedData,
} from './protected/protected-data.ts';
import type { LocalDataSession, SessionClient, SessionOptions } from './session.ts';
import type { JsonValue } from './tables/columns.ts';
import { unsyncedChangesIn } from './unsynced-changes.ts';
import { drafts, type DraftSeal } from './drafts/draft-store.ts';

let active: LocalDataSession | null = null;
let lifecycle: Promise<unknown> = Promise.resolve();
const database$ = new BehaviorSubject<LocalDatabase | null>(null);

/** The open local database (null while nobody's local data is started). */
export const localData$: Observable<LocalDatabase | null> = database$.asObservable();

function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = lifecycle.then(task, task);
  lifecycle = run.catch(() => undefined);
  return run;
}

async function closeActive(): Promise<void> {
  const session = active;
  if (!session) return;
  active = null;
  database$.next(null);
  await session.stop();
}

/**
 * Open the user's local database and start syncing it. Idempotent for the same user (also
 * offline: local data works without a connection; sync waits for one and for a valid session).
 */
export function startLocalData(
  userId: string,
  supabase: SessionClient | Promise<SessionClient>,
  options: SessionOptions = {},
): Promise<void> {
  return serialised(async () => {
    if (active?.userId === userId) return;
    await closeActive();
    // Pages read the database as soon as it is open; the sync code and the client (which
    // may still be loading) come after, so local rows do not wait for them.
    const opened = await openUserDatabase(userId, options);
    database$.next(opened.db);
    let session: LocalDataSession;
    try {
      const [{ LocalDataSession: Session }, client] = await Promise.all([import('./session.ts'), supabase]);
      session = Session.attach(opened, client, options);
    } catch (error) {
      database$.next(null);
      await opened.db.close();
      throw error;
    }
    active = session;
    await session.start();
  });
}

/**
 * Stop syncing and close the database, and the same user's protected one (not another
 * user's, unlocked by a sign-in that came first); the data stays on this device.
 */
export function stopLocalData(): Promise<void> {
  return serialised(async () => {
    const protectedFor = protectedDataState().userId;
    if (protectedFor !== null && protectedFor === active?.userId) await lockProtectedData();
    await closeActive();
  });
}

/**
 * Delete the user's local database and their protected one, with the device's records of its
 * key and the user's drafts (after the sign-out warning about unsynced changes).
 */
export function wipeLocalData(userId: string, options: { storage?: AnyRxStorage } = {}): Promise<void> {
  return serialised(async () => {
    const storage = options.storage ?? (active?.userId === userId ? active.storage : undefined);
    await wipeProtectedData(userId, { storage });
    if (active?.userId === userId) await closeActive();
    await removeLocalDatabase(userId, storage);
    await drafts().forgetUser(userId);
  });
}

/**
 * How many changes made on this device the user's local data still holds for the server
 * (edited records and queued calls): from the running session when it is this user's,
 * else by opening their database for the count; plus the protected records (patients)
 * waiting to be sent, as last counted (readable while the protected database is locked).
 */
export function countUnsyncedChanges(userId: string, options: { storage?: AnyRxStorage } = {}): Promise<number> {
  return serialised(async () => {
    const protectedRecords = pendingProtectedRecords(userId);
    if (active?.userId === userId) return (await unsyncedChangesIn(active.db)) + protectedRecords;
    const db = await openLocalDatabase(userId, { storage: options.storage });
    try {
      return (await unsyncedChangesIn(db)) + protectedRecords;
    } finally {
      await db.close();
    }
  });
}

export function getLocalDatabase(): LocalDatabase | null {
  return database$.getValue();
}

export function requireLocalDatabase(): LocalDatabase {
  const db = database$.getValue();
  if (!db) throw new Error('Local data is not started: no user is signed in on this device');
  return db;
}

/** A typed collection of the open database, e.g. `getCollection('providers')`. */
export function getCollection<K extends keyof LocalCollections>(name: K): LocalCollections[K] {
  return requireLocalDatabase().collections[name];
}

/** Queue an online-only call (see registerOutboxHandler); it runs when online, with retries. */
export function enqueue(kind: OutboxKind, payload: JsonValue, options?: EnqueueOptions): Promise<OutboxItem> {
  if (!active) return Promise.reject(new Error('Local data is not started: no user is signed in on this device'));
  return active.enqueue(kind, payload, options);
}

/**
 * Record that this user opened a protected record (the access log): queued now, with this
 * time, and sent when online (protected/openings.ts).
 */
export function recordOpening(table: ProtectedRecordTable, rowId: string, patientId: string, action: RecordAction = 'opened'): Promise<OutboxItem> {
  const opening = newOpening(table, rowId, patientId, new Date(), action);
  return enqueue(RECORD_OPENING_KIND, opening as unknown as JsonValue, { idempotencyKey: opening.id });
}

/** Resolves when the running session has pushed and pulled everything it can. */
export async function awaitLocalSync(): Promise<void> {
  await active?.awaitInSync();
}

/** The running session (tests and diagnostics). */
export function currentLocalDataSession(): LocalDataSession | null {
  return active;
}

export type { RxCollection };
export {
  deviceRecordsOf,
  expectsResume,
  forgetKeptKey,
  getProtectedDatabase,
  lockProtectedData,
  resumeProtectedData,
  openForProtectedDatabase,
  pendingProtectedRecords,
  sealForProtectedDatabase,
  protectedData$,
  protectedDataState,
  unlockProtectedData,
  type ProtectedState,
  type ProtectedStatus,
  type ResumeTicket,
  type UnlockOptions,
  type UnlockOutcome,
} from './protected/protected-data.ts';
export { DeviceNotRegisteredError, nextDeviceSequence } from './protected/device-sequence.ts';
export { drafts, DraftStore, type DraftAddress, type DraftSeal, type RestoredDraft } from './drafts/draft-store.ts';

/** Seals drafts with the key of this open protected database (a draft that may name a patient). */
export function protectedDraftSeal(db: LocalDatabase): DraftSeal {
  return {
    seal: (text, context) => sealForProtectedDatabase(db, text, context),
    open: (blob, context) => openForProtectedDatabase(db, blob, context),
  };
}
export { registerOpeningsOutbox, RECORD_OPENING_KIND, type Opening, type ProtectedRecordTable, type RecordAction, type RpcClient } from './protected/openings.ts';
export type { DeviceSequence } from './protected/device-records.ts';
export type { SealedBlob } from './protected/sealed-blobs.ts';
export type { LocalCollections, LocalDatabase, AnyRxStorage } from './database.ts';
export type { SessionOptions, SessionClient, LocalDataSession } from './session.ts';
export type { Connectivity } from './connectivity.ts';
export { newLocalDoc } from './mapping/row-mapping.ts';
export { timestampKey } from './merge/values-equal.ts';
export { registerOutboxHandler, type OutboxHandler, type OutboxCallContext } from './outbox/outbox-handlers.ts';
export type { OutboxOutcome } from './outbox/outbox-machine.ts';
export { watchOutboxItem, watchOutboxItems, retryOutboxItem, removeOutboxItem, type EnqueueOptions } from './outbox/outbox.ts';
export { createEndingsWatcher } from './outbox/outbox-endings.ts';
export type { OutboxItem, OutboxKind, OutboxState } from './outbox/outbox-schema.ts';
export * from './queries.ts';
export { cacheAuditEntries, readCachedAuditEntries, MAX_CACHED_AUDIT_ENTRIES, type CachedAuditEntry } from './audit-cache.ts';
export type { JsonValue } from './tables/columns.ts';
export type * from './tables/definitions.ts';
export { COLLECTION_OF, DIRECTORY_TABLES, PROTECTED_TABLES, SYNC_ORDER } from './tables/definitions.ts';
export type * from './tables/local-docs.ts';
