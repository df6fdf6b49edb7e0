/**
 * The protected data's life in this tab: locked (before anyone signed in, or when no key is
 * kept), resuming (taking the key kept for the session), opening, open. `unlockProtectedData`
 * takes the password — at sign-in and at the lock screen ("trusted": the server or the lock
 * already verified it), or typed on a patient page (checked here: a wrong one does not
 * unwrap the data key) — and opens the protected database with the data key (data-key.ts),
 * which then lives inside that database's storage, in memory, and, for the idle window of
 * the session, as a non-extractable key on the device (kept-key.ts), so that a reload or a
 * new tab of the same session opens it again without the password (`resumeProtectedData`).
 * Locking forgets the kept key (`forgetKeptKey`); sign-out wipes it all
 * (`wipeProtectedData`). Open, resume, close and wipe run one after another, never
 * interleaved.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import { removeDatabaseNamed, type AnyRxStorage, type LocalDatabase } from '../database.ts';
import type { SessionClient, SessionOptions } from '../session.ts';
import { createDataKey, PBKDF2_ITERATIONS, unwrapDataKey } from './data-key.ts';
import { DeviceRecords, type KeyValueStore } from './device-records.ts';
import { ensureDeviceNumber } from './device-sequence.ts';
import { durableCounters } from './durable-counters.ts';
import { KEPT_KEY_MAX_MS, KeptKeys } from './kept-key.ts';
import { ProtectedDataSession, protectedDatabaseName } from './protected-session.ts';
import type { SealedBlob } from './sealed-blobs.ts';

export type ProtectedStatus = 'locked' | 'resuming' | 'opening' | 'open';

export interface ProtectedState {
  status: ProtectedStatus;
  userId: string | null;
  db: LocalDatabase | null;
}

/**
 * Why the data did not open: `wrong-password`; `not-set-up` (this device has no key for the
 * user yet and the password was not verified: sign in again online); `previous-password`
 * (the password changed elsewhere while records made here under the old one still wait to
 * be sent: they open with the old password until they are through); `failed` (anything else).
 */
export type UnlockOutcome = { ok: true } | { ok: false; reason: 'wrong-password' | 'not-set-up' | 'previous-password' | 'failed'; error?: unknown };

export interface UnlockOptions extends SessionOptions {
  /** The password was verified already (a server sign-in, or the lock screen's check). */
  trusted?: boolean;
  /** PBKDF2 iterations for a new key (tests use fewer). */
  iterations?: number;
  /** Where the device records are kept (tests use their own). */
  keyValueStore?: KeyValueStore;
  /** Keep the data key for this session (kept-key.ts), so the session's next pages open without the password. */
  keepFor?: { sessionId: string };
  /** Where kept keys are (tests use their own IndexedDB). */
  keptKeys?: KeptKeys;
}

/** What a resume needs: the session the key must have been kept for, and the lock's idle deadline. */
export interface ResumeTicket {
  sessionId: string;
  notAfter: number;
}

const LOCKED: ProtectedState = { status: 'locked', userId: null, db: null };
const state$ = new BehaviorSubject<ProtectedState>(LOCKED);
let session: ProtectedDataSession | null = null;
let queue: Promise<unknown> = Promise.resolve();
let appKeptKeys: KeptKeys | null = null;
/** Users whose kept key this tab has taken or refused (the patient pages then stop waiting for it). */
const resumeDecided = new Set<string>();

function keptKeysOf(options: { keptKeys?: KeptKeys }): KeptKeys {
  if (options.keptKeys) return options.keptKeys;
  appKeptKeys ??= new KeptKeys();
  return appKeptKeys;
}

function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** The protected data's state in this tab. */
export const protectedData$: Observable<ProtectedState> = state$.asObservable();

export function protectedDataState(): ProtectedState {
  return state$.getValue();
}

/** The open protected database, or null while locked. */
export function getProtectedDatabase(): LocalDatabase | null {
  return state$.getValue().db;
}

export function currentProtectedSession(): ProtectedDataSession | null {
  return session;
}

async function closeSession(): Promise<void> {
  const current = session;
  session = null;
  state$.next(LOCKED);
  await current?.stop();
}

function claimDeviceNumber(records: DeviceRecords, supabase: SessionClient): void {
  void ensureDeviceNumber(records, async () => {
    const { data, error } = await supabase.rpc('claim_device_number');
    if (error) throw new Error(error.message);
    return Number(data);
  });
}

async function dataKeyFor(
  userId: string,
  password: string,
  records: DeviceRecords,
  options: UnlockOptions,
): Promise<CryptoKey | Exclude<UnlockOutcome, { ok: true }>> {
  const stored = records.dataKey();
  if (stored) {
    const key = await unwrapDataKey(userId, password, stored);
    if (key) return key;
    if (!options.trusted) return { ok: false, reason: 'wrong-password' };
    // The password changed since this device wrapped its key. What waits to be sent must not
    // be lost: it stays sealed under the old password until it is through.
    if (records.pendingRecords() > 0) return { ok: false, reason: 'previous-password' };
    await removeDatabaseNamed(protectedDatabaseName(userId), options.storage);
  } else if (!options.trusted) {
    return { ok: false, reason: 'not-set-up' };
  }
  const created = await createDataKey(userId, password, options.iterations ?? PBKDF2_ITERATIONS);
  records.saveDataKey(created.record);
  return created.key;
}

/** Open the user's protected data with their password (idempotent while it is open for them). */
export function unlockProtectedData(
  userId: string,
  password: string,
  supabase: SessionClient | Promise<SessionClient>,
  options: UnlockOptions = {},
): Promise<UnlockOutcome> {
  return serialised(async () => {
    if (session?.userId === userId) {
      // Open already (the lock screen keeps the page's data open): kept again for the session.
      if (options.keepFor) await keepKey(userId, options.keepFor.sessionId, session.dataKey, new DeviceRecords(userId, options.keyValueStore), options);
      return { ok: true };
    }
    await closeSession();
    state$.next({ status: 'opening', userId, db: null });
    try {
      const records = new DeviceRecords(userId, options.keyValueStore);
      const key = await dataKeyFor(userId, password, records, options);
      if (!(key instanceof CryptoKey)) {
        state$.next(LOCKED);
        return key;
      }
      await openWith(userId, key, supabase, records, options);
      if (options.keepFor) await keepKey(userId, options.keepFor.sessionId, key, records, options);
      return { ok: true };
    } catch (error) {
      await closeSession().catch(() => undefined);
      return { ok: false, reason: 'failed', error };
    }
  });
}

async function openWith(userId: string, key: CryptoKey, supabase: SessionClient | Promise<SessionClient>, records: DeviceRecords, options: SessionOptions): Promise<void> {
  const client = await supabase;
  const opened = await ProtectedDataSession.open(userId, key, client, records, options);
  session = opened;
  state$.next({ status: 'open', userId, db: opened.db });
  await opened.start();
  claimDeviceNumber(records, client);
}

async function keepKey(userId: string, sessionId: string, key: CryptoKey, records: DeviceRecords, options: UnlockOptions): Promise<void> {
  const now = Date.now();
  try {
    await keptKeysOf(options).keep(userId, sessionId, key, now);
    records.saveKeptKeyUntil(now + KEPT_KEY_MAX_MS);
    resumeDecided.add(userId);
  } catch (error) {
    // Not kept: the next page of the session asks for the password, as before.
    console.error('[protected] the data key could not be kept for the session', error);
  }
}

/**
 * Whether the patient pages should wait for this tab to take the key kept for the session
 * rather than ask for the password: a key is kept on the device, and this tab has not
 * decided yet (`resumeProtectedData` decides, once per user).
 */
export function expectsResume(userId: string, keyValueStore?: KeyValueStore): boolean {
  return !resumeDecided.has(userId) && new DeviceRecords(userId, keyValueStore).keptKeyUntil() > Date.now();
}

/**
 * Opens the user's protected data with the key kept for the session, without the password:
 * only for the same session (`ticket.sessionId`) and before the lock's idle deadline. A null
 * ticket (the app is locked, or the session is unknown) forgets the kept key instead. Either
 * way the tab has then decided (`expectsResume` turns false).
 */
export function resumeProtectedData(
  userId: string,
  ticket: ResumeTicket | null,
  supabase: SessionClient | Promise<SessionClient>,
  options: UnlockOptions = {},
): Promise<UnlockOutcome | { ok: false; reason: 'not-kept' }> {
  return serialised(async () => {
    const records = new DeviceRecords(userId, options.keyValueStore);
    try {
      if (session?.userId === userId) return { ok: true };
      const kept = keptKeysOf(options);
      const key = ticket ? await kept.take(userId, ticket.sessionId, { notAfter: ticket.notAfter }) : null;
      if (!key) {
        if (!ticket) await kept.forget(userId);
        records.saveKeptKeyUntil(0);
        return { ok: false, reason: 'not-kept' };
      }
      await closeSession();
      state$.next({ status: 'resuming', userId, db: null });
      await openWith(userId, key, supabase, records, options);
      return { ok: true };
    } catch (error) {
      await closeSession().catch(() => undefined);
      return { ok: false, reason: 'failed', error };
    } finally {
      resumeDecided.add(userId);
      state$.next({ ...state$.getValue() });
    }
  });
}

/** Forgets the key kept for the user's session (the app locked): the next page asks for the password. */
export function forgetKeptKey(userId: string, options: { keyValueStore?: KeyValueStore; keptKeys?: KeptKeys } = {}): Promise<void> {
  new DeviceRecords(userId, options.keyValueStore).saveKeptKeyUntil(0);
  return keptKeysOf(options).forget(userId);
}

/** Close the protected data in this tab (the key goes with it); it stays sealed on the device. */
export function lockProtectedData(): Promise<void> {
  return serialised(closeSession);
}

/** Delete the user's protected database and everything the device kept for it (sign-out). */
export function wipeProtectedData(userId: string, options: { storage?: AnyRxStorage; keyValueStore?: KeyValueStore; keptKeys?: KeptKeys } = {}): Promise<void> {
  return serialised(async () => {
    if (session?.userId === userId) await closeSession();
    await keptKeysOf(options).forget(userId);
    await removeDatabaseNamed(protectedDatabaseName(userId), options.storage);
    await durableCounters()?.forget(userId);
    new DeviceRecords(userId, options.keyValueStore).forget();
  });
}

/** The session of this open protected database (null once it is locked or closed). */
function sessionOf(db: LocalDatabase): ProtectedDataSession | null {
  return session && session.db === db && !db.closed ? session : null;
}

/**
 * Seals a text with the data key of this open protected database, for keeping outside it
 * (a protected list saved for the next unlock); rejects when the database is locked.
 */
export function sealForProtectedDatabase(db: LocalDatabase, text: string, context: string): Promise<SealedBlob> {
  const open = sessionOf(db);
  return open ? open.seal(text, context) : Promise.reject(new Error('The protected data is locked'));
}

/** Opens what `sealForProtectedDatabase` sealed (null: locked, another key, or tampered with). */
export async function openForProtectedDatabase(db: LocalDatabase, blob: SealedBlob, context: string): Promise<string | null> {
  const open = sessionOf(db);
  return open ? open.open(blob, context) : null;
}

/** Protected records of the user waiting to be sent, as last counted (readable while locked). */
export function pendingProtectedRecords(userId: string, keyValueStore?: KeyValueStore): number {
  return new DeviceRecords(userId, keyValueStore).pendingRecords();
}

/** The device records of a user (the device number and counter for numbers made offline). */
export function deviceRecordsOf(userId: string, keyValueStore?: KeyValueStore): DeviceRecords {
  return new DeviceRecords(userId, keyValueStore);
}
