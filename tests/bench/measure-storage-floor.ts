/**
 * The floor under the first sync: what this browser's IndexedDB costs per record. The Dexie
 * storage keeps one IndexedDB record per document, and RxDB's replication writes each pulled
 * document and its replication state: two puts (one, and a share of a large record, since
 * the replication state is packed many rows a record: src/db/packed). It also reads both twice before (the
 * replication's look-up, then the storage's own before each write; downstream.js and
 * rx-storage-instance-dexie.js), but those reads of missing rows are answered by key scans
 * (src/db/key-scan-bulk-reads.ts), so what stays is N × 2 puts. However lean the app's own
 * code, a first sync of N rows cannot take less. Measured in the same run as the sync, on
 * realistic provider rows in a scratch database of a fresh browser context on an empty page,
 * so that nothing of the app runs beside it, and so the sync's figure can be read as a ratio
 * to it. A read of a missing key, one request each, is measured too: what the scans save.
 */
import type { Browser, Page } from '@playwright/test';
import { generateDirectory } from './directory-data.ts';
import { KEEP_NAMES_SHIM } from './page-probes.ts';

export interface StorageFloorFigures {
  /** One put of a provider row, in its own request, within one transaction (µs). */
  putMicros: number;
  /** One read of a key that is not there (what a first download's reads mostly are) (µs). */
  readMicros: number;
  /** The same rows stored 500 to a record: what a chunked layout would cost per row (µs). */
  chunkedPutMicros: number;
  /** rows × 2 puts: the floor of RxDB's replication on one record per row (s). */
  replicationFloorSeconds: number;
  /**
   * rows × (1 put + 1 chunked row): the floor with the replication's metadata packed
   * (src/db/packed): one record per document, the metadata many rows a record (s).
   */
  packedFloorSeconds: number;
  /**
   * rows × 2 chunked rows: the floor of a storage that packed the documents as well as the
   * metadata, many rows a record (s).
   */
  fullyPackedFloorSeconds: number;
}

const SAMPLE_ROWS = 2000;
const CHUNK = 500;
const SCRATCH_DB = 'bench-storage-floor';

export async function measureStorageFloor(browser: Browser, appUrl: string, syncedRows: number): Promise<StorageFloorFigures> {
  const context = await browser.newContext();
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  try {
    const page = await context.newPage();
    // An empty page on the app's origin (IndexedDB needs one), served here, not by the app.
    await page.route(`${appUrl}/bench-storage-floor`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>floor</title>' }));
    await page.goto(`${appUrl}/bench-storage-floor`);
    return await measureOn(page, syncedRows);
  } finally {
    await context.close();
  }
}

async function measureOn(page: Page, syncedRows: number): Promise<StorageFloorFigures> {
  const { providers } = generateDirectory({ count: SAMPLE_ROWS, offset: 0, takenNpis: new Set() });
  const rows = providers.map((row) => ({ ...row, id: String(row.id), _deleted: false, _meta: { lwt: Date.now() } }));
  const timings = await page.evaluate(
    async ({ rows, name, chunk }) => {
      const request = <T>(req: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((req.onsuccess = () => resolve(req.result)), (req.onerror = () => reject(req.error))));
      const opening = indexedDB.open(name, 1);
      opening.onupgradeneeded = () => {
        const store = opening.result.createObjectStore('docs', { keyPath: 'id' });
        store.createIndex('lwt', ['_deleted', '_meta.lwt']);
      };
      const db = await request(opening);
      const inTransaction = async (mode: IDBTransactionMode, work: (store: IDBObjectStore) => void) => {
        const started = performance.now();
        const tx = db.transaction('docs', mode);
        work(tx.objectStore('docs'));
        await new Promise<void>((resolve, reject) => ((tx.oncomplete = () => resolve()), (tx.onerror = () => reject(tx.error))));
        return performance.now() - started;
      };
      const reads = await inTransaction('readonly', (store) => rows.forEach((row) => store.get(`${row.id}-missing`)));
      const puts = await inTransaction('readwrite', (store) => rows.forEach((row) => store.put(row)));
      await inTransaction('readwrite', (store) => store.clear());
      const chunked = await inTransaction('readwrite', (store) => {
        for (let at = 0; at < rows.length; at += chunk) store.put({ id: `chunk-${at}`, _deleted: false, _meta: { lwt: 0 }, rows: rows.slice(at, at + chunk) });
      });
      db.close();
      await request(indexedDB.deleteDatabase(name));
      return { reads, puts, chunked };
    },
    { rows, name: SCRATCH_DB, chunk: CHUNK },
  );
  const putMicros = (timings.puts / rows.length) * 1000;
  const readMicros = (timings.reads / rows.length) * 1000;
  const chunkedPutMicros = (timings.chunked / rows.length) * 1000;
  return {
    putMicros,
    readMicros,
    chunkedPutMicros,
    replicationFloorSeconds: (syncedRows * 2 * putMicros) / 1e6,
    packedFloorSeconds: (syncedRows * (putMicros + chunkedPutMicros)) / 1e6,
    fullyPackedFloorSeconds: (syncedRows * 2 * chunkedPutMicros) / 1e6,
  };
}
