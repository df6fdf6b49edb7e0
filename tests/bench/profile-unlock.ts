/**
 * `npx tsx tests/bench/profile-unlock.ts --sizes 1000,5000 [--runs 2] [--profile <dir>]`:
 * where the time from Unlock to the order list (and the patient list) goes, at several
 * sizes in one run so the slope per record shows. Seeds N patients and N orders into a
 * fresh bench stack, signs a fresh browser in (first sync), reloads offline and times the
 * Open patient records click to the list's first rows and to the whole list searchable,
 * `runs` times per size. With --profile, a CPU profile of each unlock is written and
 * summarised (self and inclusive time of the busiest functions, and the main thread's idle
 * time: WebCrypto and IndexedDB work off the main thread). Build unminified
 * (BENCH_UNMINIFIED=1) to read function names. Ports: BENCH_APP_PORT, BENCH_STACK_PORT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { startBenchEnv } from './bench-env.ts';
import { painted, STAFF, startCpuProfile, waitFor } from './measure-app.ts';
import { orderCountText, seedOrdersTo } from './measure-orders.ts';
import { forgetKeptKey, patientCountText, syncAtRest, unlock } from './measure-patients.ts';
import { installProbes, KEEP_NAMES_SHIM } from './page-probes.ts';
import { seedPatientsTo } from './seed-patients.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,5000' },
    runs: { type: 'string', default: '2' },
    profile: { type: 'string' },
    list: { type: 'string', default: 'orders' },
    /** Wait for the sealed saved list before the reloads (the app saves it, savable-list.ts). */
    'wait-saved': { type: 'boolean', default: false },
    /** Delete the saved lists before each unlock: the full read's figures. */
    cold: { type: 'boolean', default: false },
  },
});
const sizes = values.sizes!.split(',').map(Number);
const runs = Number(values.runs);
const list = values.list === 'patients' ? 'patients' : 'orders';
const started = Date.now();
const log = (line: string) => console.log(`[profile ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${line}`);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** The busiest functions of a CPU profile: self and inclusive milliseconds. */
function summarise(file: string): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber}`;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    self.set(name(node), (self.get(name(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `  ${ms.toFixed(0).padStart(7)} ms  ${key}`)
      .join('\n');
  return `self:\n${top(self, 25)}\ninclusive:\n${top(inclusive, 40)}`;
}

async function signInAndSync(browser: Browser, appUrl: string, countText: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  const rowSelector = list === 'orders' ? '[data-testid="order-row"]' : '[data-testid="patient-row"]';
  const countSelector = list === 'orders' ? '[data-testid="order-count"]' : '[data-testid="patient-count"]';
  await context.addInitScript(installProbes, { rowSelector, countSelector, countText });
  const page = await context.newPage();
  await page.goto(`${appUrl}/${list}`);
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(new RegExp(`/${list}$`), { timeout: 60_000 });
  await waitFor(page, 'the list after the first sync', (s) => painted(s.searchReadyAt), 600_000);
  await syncAtRest(page, 600_000);
  log(`first sync ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (values['wait-saved']) {
    const { protectedListSaved } = await import('./measure-patients.ts');
    await protectedListSaved(page, list, 600_000);
    log('list saved');
  }
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return { context, page };
}

async function unlockOnce(page: Page, appUrl: string, label: string): Promise<{ firstRows: number; searchable: number }> {
  await page.context().setOffline(false);
  if (values.cold) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const request = indexedDB.open('labdir-list-snapshots');
          request.onerror = () => resolve();
          request.onsuccess = () => {
            const db = request.result;
            const tx = db.transaction('lists', 'readwrite');
            tx.objectStore('lists').clear();
            tx.oncomplete = () => (db.close(), resolve());
            tx.onerror = () => (db.close(), resolve());
          };
        }),
    );
  }
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await page.context().setOffline(true);
  await forgetKeptKey(page);
  await page.goto(`${appUrl}/${list}`);
  await page.getByLabel(/^Password/).waitFor({ timeout: 60_000 });
  const profiling = values.profile ? await startCpuProfile(page, 500) : null;
  const clicked = await unlock(page, null);
  const firstRowsAt = await waitFor(page, 'first rows after unlock', (s) => painted(s.firstRowPaintedAt), 600_000);
  const searchableAt = await waitFor(page, 'searchable after unlock', (s) => painted(s.searchReadyAt), 600_000);
  if (profiling) {
    const file = path.join(values.profile!, `${label}.cpuprofile`);
    await profiling.stop(file);
    console.log(summarise(file));
  }
  return { firstRows: firstRowsAt - clicked.clickedAt, searchable: searchableAt - clicked.clickedAt };
}

const env = await startBenchEnv({ appPort: Number(process.env.BENCH_APP_PORT ?? 4441), stackPort: Number(process.env.BENCH_STACK_PORT ?? 54441), log });
const results: Array<{ size: number; orders: number; patients: number; firstRows: number[]; searchable: number[]; load: number[] }> = [];
try {
  for (const size of sizes) {
    const patients = await seedPatientsTo(env.stack.db.pg, size);
    const orders = await seedOrdersTo(env.stack.db.pg, size);
    log(`seeded to ${patients.counts.total} patients (${patients.counts.active} active), ${orders.count} orders`);
    const countText = list === 'orders' ? orderCountText(orders.count) : patientCountText(patients.counts.active);
    const { context, page } = await signInAndSync(env.browser, env.appUrl, countText);
    const row = { size, orders: orders.count, patients: patients.counts.total, firstRows: [] as number[], searchable: [] as number[], load: os.loadavg() };
    for (let run = 0; run < runs; run += 1) {
      const figures = await unlockOnce(page, env.appUrl, `unlock-${list}-${size}-${run}`);
      row.firstRows.push(figures.firstRows);
      row.searchable.push(figures.searchable);
      log(`${size}: unlock → first rows ${figures.firstRows.toFixed(0)} ms, searchable ${figures.searchable.toFixed(0)} ms (load ${os.loadavg()[0]!.toFixed(2)})`);
    }
    results.push(row);
    await context.close();
  }
  console.log(JSON.stringify(results, null, 2));
  if (results.length >= 2) {
    const a = results[0]!;
    const b = results.at(-1)!;
    const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const slope = (med(b.searchable) - med(a.searchable)) / (b.orders - a.orders);
    console.log(`slope (searchable): ${slope.toFixed(3)} ms per ${list === 'orders' ? 'order' : 'patient'}`);
  }
} finally {
  await env.close();
}
process.exit(0);
