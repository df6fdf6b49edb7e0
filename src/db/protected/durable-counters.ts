/**
 * The device counter's durable copy (device-sequence.ts). The counter lives in localStorage
 * (device-records.ts), which the browser writes to disk in batches, some time after the
 * page changed it: a browser killed meanwhile (a tablet's operating system closing it)
 * comes back with an older counter, and would hand out again a number an order or a patient
 * already carries, which the server then refuses as a duplicate. So each number handed out
 * is also written here, in IndexedDB, durably, before it is used; the next number is one
 * more than the larger of the two copies.
 */
import Dexie, { type Table } from 'dexie';

export const DEVICE_COUNTERS_DB_NAME = 'labdir-device-counters';

interface CounterRecord {
  /** `${userId}|${device}` */
  id: string;
  userId: string;
  counter: number;
}

export interface IndexedDbDeps {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

class CountersDatabase extends Dexie {
  counters!: Table<CounterRecord, string>;

  constructor(deps?: IndexedDbDeps) {
    super(DEVICE_COUNTERS_DB_NAME, { ...deps, chromeTransactionDurability: 'strict' });
    this.version(1).stores({ counters: 'id, userId' });
  }
}

export class DurableCounters {
  private db: CountersDatabase | null = null;

  constructor(private readonly deps?: IndexedDbDeps) {}

  private open(): CountersDatabase {
    this.db ??= new CountersDatabase(this.deps);
    return this.db;
  }

  /** The last counter handed out for this user's device number (0: none). */
  async read(userId: string, device: number): Promise<number> {
    return (await this.open().counters.get(`${userId}|${device}`))?.counter ?? 0;
  }

  async write(userId: string, device: number, counter: number): Promise<void> {
    await this.open().counters.put({ id: `${userId}|${device}`, userId, counter });
  }

  /** Every counter of the user (sign-out: the device number is forgotten with them). */
  async forget(userId: string): Promise<void> {
    await this.open().counters.where('userId').equals(userId).delete();
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}

let appCounters: DurableCounters | null = null;

/** The app's durable counters; null where there is no IndexedDB (plain Node). */
export function durableCounters(): DurableCounters | null {
  if (typeof indexedDB === 'undefined') return null;
  appCounters ??= new DurableCounters();
  return appCounters;
}
