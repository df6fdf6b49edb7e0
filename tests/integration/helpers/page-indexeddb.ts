/**
 * One page's view of a browser's IndexedDB, for tests that end a page at a chosen moment:
 * every page of a simulated browser opens the same (fake) IndexedDB through its own
 * PageIndexedDB, which sees each write transaction the page commits and can end the page
 * between any two of them, the way a reload or a killed browser does:
 * - `kill()`: the page dies at once; the transactions it still had running are aborted;
 * - `unload()`: the page goes away between two tasks; what it had started commits, and it
 *   starts nothing more.
 * After either, the page's connections refuse every new transaction and open, so nothing
 * it still runs (timers, answers arriving late) reaches the storage: the next page finds
 * exactly what was durable when this one ended.
 */
import { IDBDatabase as FDBDatabase, IDBFactory } from 'fake-indexeddb';
import { PAGE_GONE } from './page-gone.ts';

/** A write transaction the page committed: the database, and what it wrote per store. */
export interface Commit {
  database: string;
  /** Per object store, the records written (put/add) and the keys deleted. */
  writes: Map<string, { put: unknown[]; deleted: unknown[] }>;
}

type WriteStore = Pick<IDBObjectStore, 'put' | 'add' | 'delete'>;

/** What a page that is gone gets from IndexedDB (not InvalidStateError: Dexie would reopen on it). */
const ended = () => new DOMException(PAGE_GONE, 'UnknownError');

export class PageIndexedDB {
  readonly factory: IDBFactory;
  /** Called once per committed write transaction, inside its complete event (may end the page). */
  onCommit: ((commit: Commit) => void) | null = null;
  private gone = false;
  private readonly scratch = new IDBFactory();
  private readonly running = new Set<IDBTransaction>();

  constructor(base: IDBFactory) {
    this.factory = {
      open: (name: string, version?: number) => {
        // A page that is gone still closes what it had open, on databases of its own.
        const factory = this.gone ? this.scratch : base;
        const request = version === undefined ? factory.open(name) : factory.open(name, version);
        if (!this.gone) request.addEventListener('success', () => this.follow(request.result, name));
        return request;
      },
      deleteDatabase: (name: string) => {
        if (this.gone) throw ended();
        return base.deleteDatabase(name);
      },
      databases: () => base.databases(),
      cmp: (a: unknown, b: unknown) => base.cmp(a, b),
    } as IDBFactory;
  }

  get ended(): boolean {
    return this.gone;
  }

  /** The page dies now: its running transactions are aborted (their writes are lost). */
  kill(): void {
    this.end();
    for (const transaction of this.running) {
      try {
        transaction.abort();
      } catch {
        // Already committing or finished.
      }
    }
  }

  /** The page goes away: what it started commits, nothing new starts. */
  unload(): void {
    this.end();
  }

  /** Until the transactions the page had running are finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private end(): void {
    this.gone = true;
  }

  private follow(connection: IDBDatabase, database: string): void {
    const transaction = FDBDatabase.prototype.transaction;
    Object.defineProperty(connection, 'transaction', {
      configurable: true,
      value: (names: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) => {
        // Reads change nothing: a page that is gone may still finish opening what it opened.
        if (this.gone && mode === 'readwrite') throw ended();
        const created = transaction.call(connection as unknown as InstanceType<typeof FDBDatabase>, names, mode, options) as unknown as IDBTransaction;
        this.watch(created, database);
        return created;
      },
    });
  }

  private watch(transaction: IDBTransaction, database: string): void {
    this.running.add(transaction);
    const writes: Commit['writes'] = new Map();
    if (transaction.mode === 'readwrite') recordWrites(transaction, writes);
    transaction.addEventListener('complete', () => {
      this.running.delete(transaction);
      if (transaction.mode === 'readwrite') this.onCommit?.({ database, writes });
    });
    transaction.addEventListener('abort', () => this.running.delete(transaction));
  }
}

/** Notes what each object store of the transaction is asked to write. */
function recordWrites(transaction: IDBTransaction, writes: Commit['writes']): void {
  const objectStore = transaction.objectStore.bind(transaction);
  const patched = new WeakSet<object>();
  Object.defineProperty(transaction, 'objectStore', {
    configurable: true,
    value: (name: string) => {
      const store = objectStore(name);
      if (patched.has(store)) return store;
      patched.add(store);
      const entry = writes.get(name) ?? { put: [], deleted: [] };
      writes.set(name, entry);
      const original: WriteStore = { put: store.put.bind(store), add: store.add.bind(store), delete: store.delete.bind(store) };
      Object.defineProperty(store, 'put', { configurable: true, value: (value: unknown, key?: IDBValidKey) => (entry.put.push(value), original.put(value, key)) });
      Object.defineProperty(store, 'add', { configurable: true, value: (value: unknown, key?: IDBValidKey) => (entry.put.push(value), original.add(value, key)) });
      Object.defineProperty(store, 'delete', { configurable: true, value: (key: IDBValidKey | IDBKeyRange) => (entry.deleted.push(key), original.delete(key)) });
      return store;
    },
  });
}
