/**
 * Drafts: what a person is typing into a form that takes more than a few seconds (an order,
 * a new patient, a new organization, a provider's details), kept on the device as it is
 * typed, so that a reload, a crash or a tab the operating system closed loses nothing. A
 * draft belongs to one user on one device (this browser profile) and one form (and record,
 * for a form that edits one); submitting or discarding the form ends it. Sign-out deletes a
 * user's drafts with the rest of their data.
 *
 * A draft that may name a patient is sealed: encrypted with the data key of the user's
 * protected database (AES-GCM, as the patient records are: sealed-blobs.ts), bound to its
 * user, form and record, so the browser profile's files hold nothing readable of it. Other
 * drafts (directory records, which the device holds in the clear anyway) are kept as JSON.
 *
 * A database of its own (`labdir-drafts`, Dexie, outside RxDB: drafts are not synced, and
 * must open without the sync), written with strict durability: a draft is worth an fsync.
 */
import Dexie, { type Table } from 'dexie';
import type { SealedBlob } from '../protected/sealed-blobs.ts';

export const DRAFTS_DB_NAME = 'labdir-drafts';

/** Where a draft belongs. `record` is the edited record's id, or 'new'. */
export interface DraftAddress {
  userId: string;
  form: string;
  record: string;
}

/** How a sealed draft is sealed and opened (the protected database's key: protectedDraftSeal). */
export interface DraftSeal {
  seal(text: string, context: string): Promise<SealedBlob>;
  /** The text, or null when it does not open (another key, locked, tampered with). */
  open(blob: SealedBlob, context: string): Promise<string | null>;
}

export interface StoredDraft {
  id: string;
  userId: string;
  form: string;
  record: string;
  savedAt: number;
  sealed: SealedBlob | null;
  plain: string | null;
}

export interface IndexedDbDeps {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

class DraftsDatabase extends Dexie {
  drafts!: Table<StoredDraft, string>;

  constructor(deps?: IndexedDbDeps) {
    super(DRAFTS_DB_NAME, { ...deps, chromeTransactionDurability: 'strict' });
    this.version(1).stores({ drafts: 'id, userId' });
  }
}

const idOf = (address: DraftAddress) => `${address.userId}|${address.form}|${address.record}`;
/** Binds a sealed draft to its place: one copied to another user, form or record does not open. */
const contextOf = (address: DraftAddress) => `labdir-draft|${idOf(address)}`;

export interface RestoredDraft<T> {
  value: T;
  savedAt: number;
}

export class DraftStore {
  private db: DraftsDatabase | null = null;

  constructor(private readonly deps?: IndexedDbDeps) {}

  private open(): DraftsDatabase {
    this.db ??= new DraftsDatabase(this.deps);
    return this.db;
  }

  /** Keeps the value as the draft at this address (sealed when `seal` is given), replacing the last one. */
  async save(address: DraftAddress, value: unknown, seal: DraftSeal | null, now: number = Date.now()): Promise<void> {
    const text = JSON.stringify(value);
    const sealed = seal ? await seal.seal(text, contextOf(address)) : null;
    await this.open().drafts.put({ id: idOf(address), ...address, savedAt: now, sealed, plain: sealed ? null : text });
  }

  /**
   * The draft at this address, or null. A sealed draft needs `seal` to open; one that does
   * not open with it (a data key made since, after a password change elsewhere) can never be
   * read again, and is deleted.
   */
  async read<T>(address: DraftAddress, seal: DraftSeal | null): Promise<RestoredDraft<T> | null> {
    const stored = await this.open().drafts.get(idOf(address));
    if (!stored) return null;
    let text: string | null = stored.plain;
    if (stored.sealed) text = seal ? await seal.open(stored.sealed, contextOf(address)) : null;
    if (text === null) {
      if (stored.sealed && seal) await this.discard(address);
      return null;
    }
    try {
      return { value: JSON.parse(text) as T, savedAt: stored.savedAt };
    } catch {
      await this.discard(address);
      return null;
    }
  }

  async discard(address: DraftAddress): Promise<void> {
    await this.open().drafts.delete(idOf(address));
  }

  /** Every draft of the user (sign-out). */
  async forgetUser(userId: string): Promise<void> {
    await this.open().drafts.where('userId').equals(userId).delete();
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}

let appDrafts: DraftStore | null = null;

/** The app's one draft store. */
export function drafts(): DraftStore {
  appDrafts ??= new DraftStore();
  return appDrafts;
}
