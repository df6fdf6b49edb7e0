/**
 * The data key kept between the pages of one signed-in session, so that patient records do
 * not ask for the password again after a reload or in a new tab.
 *
 * What is kept is the unwrapped data key as a non-extractable CryptoKey in IndexedDB (a
 * database of its own, `labdir-kept-keys`), one record per user, bound to the session
 * (the access token's `session_id`: src/stores/session-id.ts) and to
 * an expiry. Scripts can use the key but never read its bytes; the browser writes it into
 * the profile's files, so the record is as short-lived as it can be (docs/data-model.md
 * says what each state leaves to someone who takes the device):
 * - it is taken only for the same session, before its hard expiry and before the idle
 *   deadline the caller gives (the lock's: the user's last activity plus the timeout);
 * - a record that does not qualify is deleted when it is refused;
 * - the app forgets it when the app locks, on sign-out and when the session ends.
 * A wrong or missing record only means the password is asked again: nothing here is ever
 * the only copy of anything.
 */
import Dexie, { type Table } from 'dexie';

export const KEPT_KEYS_DB_NAME = 'labdir-kept-keys';
/** However active the user is, a kept key is never used longer than a working day after it was kept. */
export const KEPT_KEY_MAX_MS = 12 * 60 * 60 * 1000;

export interface KeptKeyRecord {
  userId: string;
  sessionId: string;
  key: CryptoKey;
  keptAt: number;
  /** Hard expiry (ms since epoch). */
  expiresAt: number;
}

export interface IndexedDbDeps {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

class KeptKeysDatabase extends Dexie {
  keys!: Table<KeptKeyRecord, string>;

  constructor(deps?: IndexedDbDeps) {
    super(KEPT_KEYS_DB_NAME, deps);
    this.version(1).stores({ keys: 'userId' });
  }
}

export interface TakeOptions {
  now?: number;
  /** The idle deadline: past it the key is not taken (the app should be locked). */
  notAfter: number;
}

export class KeptKeys {
  private db: KeptKeysDatabase | null = null;

  constructor(private readonly deps?: IndexedDbDeps) {}

  private open(): KeptKeysDatabase {
    this.db ??= new KeptKeysDatabase(this.deps);
    return this.db;
  }

  /** Keeps the key for this user and session (replacing an earlier one). Only non-extractable keys are kept. */
  async keep(userId: string, sessionId: string, key: CryptoKey, now: number = Date.now()): Promise<void> {
    if (key.extractable) throw new Error('Only a non-extractable key may be kept on the device');
    await this.open().keys.put({ userId, sessionId, key, keptAt: now, expiresAt: now + KEPT_KEY_MAX_MS });
  }

  /** The kept key, when it is this session's and neither expired nor past the idle deadline; otherwise null, and the record is deleted. */
  async take(userId: string, sessionId: string, options: TakeOptions): Promise<CryptoKey | null> {
    const now = options.now ?? Date.now();
    const record = await this.open().keys.get(userId);
    if (!record) return null;
    const usable = record.sessionId === sessionId && now < record.expiresAt && now < options.notAfter && record.key instanceof CryptoKey && !record.key.extractable;
    if (usable) return record.key;
    await this.forget(userId);
    return null;
  }

  async forget(userId: string): Promise<void> {
    await this.open().keys.delete(userId);
  }

  /** Whether a key is kept for the user (its validity is `take`'s to decide). */
  async has(userId: string): Promise<boolean> {
    return (await this.open().keys.get(userId)) !== undefined;
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}
