/**
 * The first sync of a fresh browser pulls thousands of rows in large batches, reports its
 * progress (rows written to this device of the server's total), and leaves a local list that the list page
 * can read sorted by last name from the index. Kept to 5,000 rows: fake-indexeddb is slow;
 * the 50,000-row budget is measured in Chromium by the benchmark.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providersByLastName } from '../../src/db/queries.ts';
import { DIRECTORY_TABLES } from '../../src/db/tables/definitions.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

const ROWS = 5000;
let browser: TestBrowser;
let rows: Array<{ id: string; first_name: string; last_name: string; nppes_data: string }> = [];

beforeAll(async () => {
  const service = serviceClient();
  rows = Array.from({ length: ROWS }, (_, index) => ({
    id: randomUUID(),
    first_name: `First${index}`,
    last_name: `Bulk${String(index).padStart(5, '0')}`,
    nppes_data: JSON.stringify({ result_count: 1, results: [{ number: String(index) }] }),
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    await service.from('providers').insert(rows.slice(start, start + 1000)).throwOnError();
  }
  browser = new TestBrowser(await staffUser('first-sync'), { tables: ['providers'], timing: { pullBatchSize: 2500 } });
  await browser.signIn();
}, 180_000);

afterAll(async () => {
  await browser?.dispose();
  // Other test files' browsers should not have to pull these rows too.
  const service = serviceClient();
  for (let start = 0; start < rows.length; start += 100) {
    await service.from('providers').delete().in('id', rows.slice(start, start + 100).map((row) => row.id)).throwOnError();
  }
}, 120_000);

describe('first sync', () => {
  it(`pulls ${ROWS} rows in large batches with progress`, async () => {
    const started = Date.now();
    await browser.open();
    expect(browser.state().firstSync.done).toBe(false);
    await eventually(() => expect(browser.state().firstSync.done).toBe(true), 170_000, 250);
    const seconds = (Date.now() - started) / 1000;
    const { firstSync } = browser.state();
    console.info(`first sync: ${firstSync.stored} rows in ${seconds.toFixed(1)} s (server total at start: ${firstSync.total})`);
    expect(firstSync.total).toBeGreaterThanOrEqual(ROWS);
    // Every row this test added was written here. (The total may also count a row that
    // another test file added and deleted meanwhile: its tombstone is pulled but not stored.)
    expect(firstSync.stored).toBeGreaterThanOrEqual(ROWS);
    expect(await browser.db.providers.count().exec()).toBeGreaterThanOrEqual(ROWS);
    const sample = [rows[0], rows[2500], rows[ROWS - 1]].map((row) => row!.id);
    expect([...(await browser.db.providers.findByIds(sample).exec()).keys()].sort()).toEqual([...sample].sort());
    // A few large requests, not one per row (each page is 2,500 rows; other test files add a few rows meanwhile).
    expect(browser.network.count('GET /rest/v1/providers')).toBeLessThan(15);

    // The list page's first paint: a limited query on the sort index; JSON text was parsed.
    const firstRows = await providersByLastName(browser.db, { limit: 3 }).exec();
    expect(firstRows).toHaveLength(3);
    const bulk = await browser.db.providers.findOne({ selector: { last_name: 'Bulk00042' } }).exec();
    expect(bulk?.nppes_data).toEqual({ result_count: 1, results: [{ number: '42' }] });
    expect(bulk?.sort_name).toBe('bulk00042 first42');
    expect(browser.state().pendingChanges).toBe(0);
  }, 180_000);

  it("asks every table's total before any table's first page", async () => {
    // A browser sends at most six requests to one server at a time. Pages asked first hold
    // them all while the download runs, so totals asked after them (as the engine once did,
    // once every table's replication had started) left the progress bar empty for half of it.
    const fresh = new TestBrowser(await staffUser('first-sync-totals'));
    try {
      await fresh.signIn();
      const from = fresh.network.requests.length;
      await fresh.open();
      await eventually(() => expect(fresh.state().firstSync.done).toBe(true), 170_000, 250);
      const requests = fresh.network.requests.slice(from).filter((line) => line.startsWith('HEAD /rest/v1/') || line.startsWith('GET /rest/v1/'));
      const totals = requests.filter((line) => line.startsWith('HEAD'));
      expect(totals).toHaveLength(DIRECTORY_TABLES.length); // one total per table of the directory's database
      expect(requests.slice(0, totals.length)).toEqual(totals);
    } finally {
      await fresh.dispose();
    }
  }, 180_000);

  it('is remembered: a reload does not start a first sync again', async () => {
    await browser.close();
    // Offline, so only the record of the earlier session can say the first sync is done.
    browser.network.setOnline(false);
    await browser.open();
    await eventually(() => expect(browser.state().firstSync.done).toBe(true), 5000);
    expect(browser.state().lastSyncedAt).not.toBeNull();
    browser.network.setOnline(true);
  });
});
