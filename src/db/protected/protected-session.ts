/**
 * The user's protected database (patients now; orders and results later) and its sync.
 *
 * It is a second RxDB database beside the user's own (`labdir-<user>-protected`), opened
 * only once the data key is in memory (after the password at sign-in or unlock), on the
 * encrypting storage (encrypting-storage.ts), with no outbox. It syncs with the same sync
 * engine as the directory (its own gate, leader election and Realtime channel), and reports
 * to the same sync store as a part (its pending records count in the indicator and the
 * sign-out warning). Why a database of its own: the directory must open at once after a
 * reload, without the password, and RxDB opens a database's storage for all of it.
 */
import { syncStatus, type SyncStatusApi } from '../../stores/sync-store.ts';
import { browserConnectivity } from '../connectivity.ts';
import { databaseNameFor, defaultStorage, type LocalDatabase } from '../database.ts';
import { openUserDatabase } from '../open-user-database.ts';
import { DEFAULT_TIMING } from '../replication/sync-context.ts';
import { SyncEngine } from '../replication/sync-engine.ts';
import { SyncGate } from '../replication/sync-gate.ts';
import type { SessionClient, SessionOptions } from '../session.ts';
import { PROTECTED_TABLES } from '../tables/definitions.ts';
import type { DeviceRecords } from './device-records.ts';
import { encryptingStorage } from './encrypting-storage.ts';
import { openText, sealText, type SealedBlob } from './sealed-blobs.ts';

/** The protected database's name: the user's database name with `-protected`. */
export function protectedDatabaseName(userId: string): string {
  return `${databaseNameFor(userId)}-protected`;
}

/** The sync store's part for the protected database; its pending count is also kept on the device. */
function recordingStatus(status: SyncStatusApi, records: DeviceRecords): SyncStatusApi {
  const part = status.part('protected');
  return {
    ...part,
    update(patch) {
      if (patch.pendingRecords !== undefined) records.savePendingRecords(patch.pendingRecords);
      part.update(patch);
    },
  };
}

export class ProtectedDataSession {
  private stopped = false;

  private constructor(
    readonly userId: string,
    readonly db: LocalDatabase,
    readonly gate: SyncGate,
    readonly engine: SyncEngine,
    private readonly status: SyncStatusApi,
    /** The data key, in memory only while the database is open (as inside its storage). */
    private readonly key: CryptoKey,
  ) {}

  /** Open the protected database with the data key and get its sync ready (`start` sets it going). */
  static async open(
    userId: string,
    key: CryptoKey,
    supabase: SessionClient,
    records: DeviceRecords,
    options: SessionOptions = {},
  ): Promise<ProtectedDataSession> {
    const status = recordingStatus(options.status ?? syncStatus, records);
    const opened = await openUserDatabase(userId, {
      ...options,
      status,
      storage: options.storage ?? defaultStorage(),
      name: protectedDatabaseName(userId),
      tables: PROTECTED_TABLES,
      withOutbox: false,
      wrapStorage: (storage) => encryptingStorage(storage, { key }),
    });
    const connectivity = options.connectivity ?? browserConnectivity();
    const gate = new SyncGate(supabase.auth, userId, connectivity);
    const engine = new SyncEngine({
      db: opened.db,
      supabase,
      userId,
      tables: PROTECTED_TABLES,
      connectivity,
      gate,
      rejections: opened.rejections,
      unacknowledged: opened.unacknowledged,
      editBases: opened.editBases,
      lookup: opened.lookup,
      timing: { ...DEFAULT_TIMING, ...options.timing },
      live: options.live ?? true,
      channelName: `local-sync-protected-${userId}`,
      store: status,
    });
    return new ProtectedDataSession(userId, opened.db, gate, engine, status, key);
  }

  async start(): Promise<void> {
    this.status.setRetry(() => void this.engine.retry().catch(() => undefined));
    await this.engine.start();
    await this.gate.start(this.db);
  }

  /** Stop syncing and close the database (its sealed data stays for the next unlock). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.engine.stop();
    await this.db.close();
    this.status.reset();
  }

  /** The data key (non-extractable), to keep for the session's next pages (kept-key.ts). */
  get dataKey(): CryptoKey {
    return this.key;
  }

  /** Seals a value saved outside the database (a protected list for the next unlock: sealed-blobs.ts). */
  seal(text: string, context: string): Promise<SealedBlob> {
    if (this.stopped) return Promise.reject(new Error('The protected data is locked'));
    return sealText(this.key, text, context);
  }

  /** Opens what `seal` sealed (null: it does not open, or the data was locked meanwhile). */
  async open(blob: SealedBlob, context: string): Promise<string | null> {
    return this.stopped ? null : openText(this.key, blob, context);
  }

  awaitInSync(): Promise<void> {
    return this.engine.awaitInSync();
  }
}
