/**
 * `npm run bench`: the figures that show local-first is fast at the size of a real
 * laboratory's directory. Seeds 10,000 and then 50,000 realistic providers into a fresh
 * local stack and measures, in headless Chromium: the first sync, the offline reload, the
 * search's keystroke-to-paint latency, the JS heap, the JavaScript loaded before first
 * paint, a new device's first rows and search while its download runs (measure-new-device.ts),
 * and an online-only baseline over a clinic connection in the same run: its first rows and
 * whole list, and its search asked of the server per keystroke (measure-baseline-search.ts). Prints a
 * table and writes the figures to bench-results/bench-<timestamp>.json.
 *
 *   npm run bench                       10,000 and 50,000 providers
 *   npm run bench -- --sizes 20000      other sizes
 *   npm run bench -- --smoke            1,000 providers, fewer keystrokes: checks that the run
 *                                       completes with every figure (part of `npm test`)
 *   npm run bench -- --enforce          exit 1 when a budget is missed
 *   npm run bench -- --offline-runs 9   more offline reloads (the median is reported; 3 by default)
 *   npm run bench -- --patients 20000   patients in the patients phase (100,000 by default, 1,000 with
 *                                       --smoke; 0 skips it): after the directory sizes, the patients'
 *                                       first sync, unlock to a patient's page and to the list, and the
 *                                       patient search's keystroke-to-paint (measure-patients.ts)
 * At the first size, an edit's way to another browser (measure-edit-sync.ts: a second browser saves,
 * the first browser's list paints it; the foundation's 2 s).
 *   npm run bench -- --orders 20000     orders in the orders phase (100,000 by default, 1,000 with --smoke; 0
 *                                       skips it): after the patients, the orders' first sync, unlock to the
 *                                       order list, the order search's keystroke-to-paint, and offline order
 *                                       entry's Submit to "Waiting to send" (measure-orders.ts)
 * Per size, the dashboard's paint after an offline reload (measure-dashboard.ts: reload to the first
 * figure painted). After the directory sizes, the organization list at 5,000 organizations (measure-organizations.ts:
 * first sync, offline reload as a ratio of the run's baseline, organization search p95).
 * Last, orders to the laboratory (measure-lis-delivery.ts, issue 44) on a stack of their own: single orders'
 * submit to AA, a batch's orders per second, and nothing sent twice.
 *   npm run bench -- --lab-orders 1000  the batch (1,000 by default, 100 with --smoke; 0 skips it)
 *   npm run bench -- --lab-singles 20   single orders timed one by one (20 by default, 3 with --smoke)
 *   npm run bench -- --only lab         only that part (no browser): its figures, budgets and JSON
 * Ports: BENCH_APP_PORT (4502), BENCH_STACK_PORT (54502).
 * VITE_PACKED_REPLICATION_META=on / off: the app built with RxDB's replication metadata packed
 * (src/db/packed) or on Dexie, one record per row, whatever database.ts's default (before/after runs).
 * BENCH_DEBUG=1: what each phase waited for, as it runs: the sync indicator's labels, each
 * keystroke's time, and per offline reload its first paint, long tasks and the waves of
 * JavaScript requests the first rows waited for.
 * BENCH_EXTRA_CSS='<rules>': added to the page before the search is timed, to compare a
 * style change against the build's own in back-to-back runs without editing the app.
 * BENCH_PROFILE=<dir>: traces and CPU profiles of the first sync, offline reloads and search;
 * with BENCH_TRACE_ONLY=1 the offline reloads and the search are traced without a CPU
 * profile, whose sampling slows what it profiles (a page load about twofold).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ANON_KEY, REPO_ROOT } from '../../supabase/local/config.ts';
import { startBenchEnv, type BenchEnv } from './bench-env.ts';
import { CLINIC_NETWORK, measureBaseline, signInForToken } from './measure-baseline.ts';
import { countText, jsBeforeFirstPaint, measureHeap, measureOfflineReload, measureSearch, STAFF, type OfflineReloadFigures } from './measure-app.ts';
import { measureFirstSync } from './measure-first-sync.ts';
import { measureStorageFloor } from './measure-storage-floor.ts';
import { measureSearchFloor } from './measure-search-floor.ts';
import { measureNewDevice } from './measure-new-device.ts';
import { measureBaselineSearch } from './measure-baseline-search.ts';
import { budgets, formatTable, missingFigures, type BenchResult, type SizeFigures } from './report.ts';
import { sampleProviders, searchKeystrokes } from './search-script.ts';
import { countDirectory, seedDirectoryTo } from './seed-directory.ts';
import { measurePatients, type PatientFigures } from './measure-patients.ts';
import { measureDashboardOffline } from './measure-dashboard.ts';
import { measureEditSync } from './measure-edit-sync.ts';
import { samplePatients, seedPatientsTo } from './seed-patients.ts';
import { measureOrders, sampleOrders, seedOrdersTo, type OrderFigures } from './measure-orders.ts';
import { measureOrganizations, ORGANIZATION_TARGET, seedOrganizationsTo, type OrganizationFigures } from './measure-organizations.ts';
import { measureLabDelivery, type LabDeliveryFigures } from './measure-lis-delivery.ts';
import { labDeliveryBudgets, labDeliveryLines } from './report.ts';

const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    sizes: { type: 'string' },
    enforce: { type: 'boolean', default: false },
    out: { type: 'string' },
    'offline-runs': { type: 'string' },
    patients: { type: 'string' },
    orders: { type: 'string' },
    'lab-orders': { type: 'string' },
    'lab-singles': { type: 'string' },
    only: { type: 'string' },
  },
});
const smoke = values.smoke ?? false;
const sizes = (values.sizes ?? (smoke ? '1000' : '10000,50000')).split(',').map(Number);
if (sizes.some((size) => !Number.isInteger(size) || size < 100)) throw new Error(`--sizes must be whole numbers of at least 100, not ${values.sizes}`);
const keystrokes = smoke ? 24 : 120;
const offlineRuns = Number(values['offline-runs'] ?? (smoke ? 1 : 3));
if (!Number.isInteger(offlineRuns) || offlineRuns < 1) throw new Error(`--offline-runs must be a whole number of at least 1, not ${values['offline-runs']}`);
const patientCount = Number(values.patients ?? (smoke ? 1000 : 100_000));
if (!Number.isInteger(patientCount) || patientCount < 0) throw new Error(`--patients must be a whole number, not ${values.patients}`);
const orderCount = Number(values.orders ?? (smoke ? 1000 : 100_000));
if (!Number.isInteger(orderCount) || orderCount < 0) throw new Error(`--orders must be a whole number, not ${values.orders}`);
const labOrders = Number(values['lab-orders'] ?? (smoke ? 100 : 1000));
const labSingles = Number(values['lab-singles'] ?? (smoke ? 3 : 20));
if (!Number.isInteger(labOrders) || labOrders < 0 || !Number.isInteger(labSingles) || labSingles < 1) throw new Error('--lab-orders must be a whole number, --lab-singles one from 1');
if (values.only !== undefined && values.only !== 'lab') throw new Error(`--only takes "lab", not ${values.only}`);
const started = Date.now();
const log = (line: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${line}`);

/** --only lab: the laboratory link's figures alone (no browser, a stack of their own). */
async function labOnly(): Promise<number> {
  const labDelivery = await measureLabDelivery({ batch: labOrders || 1000, singles: labSingles, log });
  const budgets = labDeliveryBudgets(labDelivery);
  const out = values.out ?? path.join(REPO_ROOT, 'bench-results', `bench-lab-${new Date(started).toISOString().replace(/[:.]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ startedAt: new Date(started).toISOString(), machine: { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version }, labDelivery, budgets }, null, 2)}\n`);
  console.log([...labDeliveryLines(labDelivery), '', 'Budgets:', ...budgets.map((b) => `  ${b.met ? 'met   ' : 'MISSED'}  ${b.name}: ${b.value.toFixed(1)} ${b.unit} (limit ${b.limit} ${b.unit})`)].join('\n'));
  console.log(`\nWrote ${path.relative(process.cwd(), out)}`);
  return values.enforce && budgets.some((budget) => !budget.met) ? 1 : 0;
}
if (values.only === 'lab') process.exit(await labOnly().catch((error: unknown) => (console.error(error), 1)));

const SYNCED_TABLES = ['organizations', 'providers', 'profiles', 'user_roles', 'provider_organization_memberships', 'provider_preferences', 'provider_delegate_approvals'];

async function syncedRowCount(env: BenchEnv): Promise<number> {
  const sql = SYNCED_TABLES.map((table) => `(select count(*)::int from public.${table})`).join(' + ');
  const { rows } = await env.stack.db.pg.query<{ total: number }>(`select ${sql} as total`);
  return rows[0]!.total;
}

const median = (runs: readonly OfflineReloadFigures[], key: keyof OfflineReloadFigures) => {
  const sorted = runs.map((run) => run[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measureSize(env: BenchEnv, providers: number, js: { providers: number; files: number } | null) {
  log(`seeding to ${providers.toLocaleString('en-US')} providers`);
  const seed = await seedDirectoryTo(env.stack.db.pg, providers);
  log(`seeded ${seed.added.toLocaleString('en-US')} providers in ${(seed.ms / 1000).toFixed(1)} s`);
  const target = { appUrl: env.appUrl, buildDir: env.buildDir, providers: seed.counts.providers, samples: await sampleProviders(env.stack.db.pg) };

  const newDevice = await measureNewDevice(env.browser, target);
  log(`new device: first rows ${newDevice.firstRowsMs.toFixed(0)} ms (${newDevice.firstRowsFrom}), "${newDevice.query}" answered ${newDevice.searchAnsweredMs.toFixed(0)} ms (${newDevice.searchFrom})`);
  const { context, page, figures: firstSync } = await measureFirstSync(env.browser, target, await syncedRowCount(env));
  log(`first sync ${firstSync.seconds.toFixed(1)} s`);
  let jsFigures = js;
  try {
    const heapAfterSyncMb = await measureHeap(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    if (!jsFigures) {
      const measured = await jsBeforeFirstPaint(page, env.buildDir);
      jsFigures = { providers: measured.kb, files: measured.files };
    }
    const runs: OfflineReloadFigures[] = [];
    for (let run = 0; run < offlineRuns; run += 1) runs.push(await measureOfflineReload(page));
    log(`offline reload: first rows ${runs.map((run) => run.firstRowsMs.toFixed(0)).join(', ')} ms; search-ready ${runs.map((run) => run.searchReadyMs.toFixed(0)).join(', ')} ms`);
    const searchKeys = searchKeystrokes(target.samples, keystrokes);
    const search = await measureSearch(page, { keys: searchKeys, countTestId: 'provider-count', countText: countText(target.providers), label: `search-${target.providers}` });
    log(`search p95 ${search.p95.toFixed(1)} ms over ${search.keystrokes} keystrokes`);
    const searchFloor = await measureSearchFloor(env.browser, env.appUrl, searchKeys, countText(target.providers));
    log(`search floor (a bare search box): app time p95 ${searchFloor.busy.p95.toFixed(1)} ms`);
    // Once per run, at the first size: a second browser's first sync costs as much as the first's.
    const editSync = js === null ? await measureEditSync(env.browser, { appUrl: env.appUrl, pg: env.stack.db.pg, providers: target.providers, listPage: page, runs: smoke ? 3 : 7 }, log) : null;
    if (editSync) log(`an edit seen by another browser: ${editSync.runs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    const dashboard = await measureDashboardOffline(page, env.appUrl, env.buildDir, offlineRuns);
    log(`dashboard after an offline reload: first figure painted ${dashboard.runs.map((ms) => ms.toFixed(0)).join(', ')} ms; ${dashboard.jsKb.toFixed(1)} KB of JavaScript before first paint`);
    await context.close();
    const storageFloor = await measureStorageFloor(env.browser, env.appUrl, firstSync.rows);
    log(`IndexedDB: put ${storageFloor.putMicros.toFixed(0)} µs, read ${storageFloor.readMicros.toFixed(0)} µs per record`);

    const token = await signInForToken(env.stack.url, ANON_KEY, STAFF.email, STAFF.password);
    const baseline = await measureBaseline(env.browser, { appUrl: env.appUrl, stackUrl: env.stack.url, anonKey: ANON_KEY, accessToken: token });
    log(`baseline: first rows ${baseline.firstRowsMs.toFixed(0)} ms, searchable ${baseline.searchReadyMs.toFixed(0)} ms`);
    const baselineTarget = { appUrl: env.appUrl, stackUrl: env.stack.url, anonKey: ANON_KEY, accessToken: token };
    const baselineSearch = await measureBaselineSearch(env.browser, baselineTarget, searchKeystrokes(target.samples, Math.min(keystrokes, 60)));
    log(`baseline search (server per keystroke, debounced): p50 ${baselineSearch.p50.toFixed(0)} ms, p95 ${baselineSearch.p95.toFixed(0)} ms over ${baselineSearch.keystrokes} keys`);
    const offlineReload = { firstRowsMs: median(runs, 'firstRowsMs'), searchReadyMs: median(runs, 'searchReadyMs'), runs };
    const counts = await countDirectory(env.stack.db.pg);
    const figures: SizeFigures = {
      providers: seed.counts.providers,
      seed: { seconds: seed.ms / 1000, rows: { organizations: counts.organizations, memberships: counts.memberships, preferences: counts.preferences } },
      firstSync,
      heapAfterSyncMb,
      storageFloor,
      offlineReload,
      search,
      searchFloor,
      dashboard,
      ...(editSync ? { editSync } : {}),
      newDevice,
      baseline,
      baselineSearch,
      ratios: {
        firstRows: offlineReload.firstRowsMs / baseline.firstRowsMs,
        searchReady: offlineReload.searchReadyMs / baseline.searchReadyMs,
        searchP95: search.p95 / baselineSearch.p95,
      },
    };
    return { figures, js: jsFigures! };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** After the directory sizes (so their first syncs download only the demo patients). */
async function measurePatientsPhase(env: BenchEnv, count: number): Promise<PatientFigures> {
  log(`seeding to ${count.toLocaleString('en-US')} patients`);
  const seed = await seedPatientsTo(env.stack.db.pg, count);
  log(`seeded ${seed.added.toLocaleString('en-US')} patients in ${(seed.ms / 1000).toFixed(1)} s`);
  const samples = await samplePatients(env.stack.db.pg);
  const figures = await measurePatients(env.browser, { appUrl: env.appUrl, counts: seed.counts, samples, keystrokes }, log);
  return { ...figures, seedSeconds: seed.ms / 1000 };
}

/** After the patients (the orders are theirs): the order list and order entry's submit. */
async function measureOrdersPhase(env: BenchEnv, count: number): Promise<OrderFigures> {
  log(`seeding to ${count.toLocaleString('en-US')} orders`);
  const seed = await seedOrdersTo(env.stack.db.pg, count);
  log(`seeded ${seed.added.toLocaleString('en-US')} orders in ${(seed.ms / 1000).toFixed(1)} s`);
  const samples = await sampleOrders(env.stack.db.pg);
  const figures = await measureOrders(env.browser, { appUrl: env.appUrl, orders: seed.count, samples, keystrokes, submitRuns: smoke ? 3 : 5 }, log);
  return { ...figures, seedSeconds: seed.ms / 1000 };
}

/** After the directory sizes: the organization list at 5,000 organizations (200 with --smoke), against the largest size's baseline. */
async function measureOrganizationsPhase(env: BenchEnv, total: number, baseline: SizeFigures['baseline']): Promise<OrganizationFigures> {
  log(`seeding to ${total.toLocaleString('en-US')} organizations`);
  const seed = await seedOrganizationsTo(env.stack.db.pg, total);
  log(`seeded to ${seed.count.toLocaleString('en-US')} organizations in ${(seed.ms / 1000).toFixed(1)} s`);
  const figures = await measureOrganizations(env.browser, { appUrl: env.appUrl, organizations: seed.count, samples: seed.samples, keystrokes, offlineRuns, baseline }, log);
  return { ...figures, seedSeconds: seed.ms / 1000 };
}

async function landingJs(env: BenchEnv) {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${env.appUrl}/`);
    return await jsBeforeFirstPaint(page, env.buildDir);
  } finally {
    await context.close();
  }
}

const appPort = Number(process.env.BENCH_APP_PORT ?? 4502);
const stackPort = Number(process.env.BENCH_STACK_PORT ?? 54502);
let env: BenchEnv | null = null;
let exitCode = 0;
try {
  env = await startBenchEnv({ appPort, stackPort, log });
  const landing = await landingJs(env);
  const measured: SizeFigures[] = [];
  let js: { providers: number; files: number } | null = null;
  const failures: string[] = [];
  for (const size of sizes) {
    try {
      const result = await measureSize(env, size, js);
      measured.push(result.figures);
      js = result.js;
    } catch (error) {
      // Keep what the smaller sizes measured; the JSON says which size failed and why.
      failures.push(`${size}: ${error instanceof Error ? error.message : String(error)}`);
      log(`measuring ${size.toLocaleString('en-US')} providers failed: ${failures.at(-1)}`);
      break;
    }
  }
  let organizations: OrganizationFigures | undefined;
  const largest = measured.at(-1);
  if (largest && failures.length === 0) {
    try {
      organizations = await measureOrganizationsPhase(env, smoke ? Math.max(200, largest.seed.rows.organizations) : ORGANIZATION_TARGET, largest.baseline);
    } catch (error) {
      failures.push(`organizations: ${error instanceof Error ? error.message : String(error)}`);
      log(`measuring the organizations failed: ${failures.at(-1)}`);
    }
  }
  let patients: PatientFigures | undefined;
  if (patientCount > 0 && failures.length === 0) {
    try {
      patients = await measurePatientsPhase(env, patientCount);
    } catch (error) {
      failures.push(`${patientCount} patients: ${error instanceof Error ? error.message : String(error)}`);
      log(`measuring ${patientCount.toLocaleString('en-US')} patients failed: ${failures.at(-1)}`);
    }
  }
  let orders: OrderFigures | undefined;
  if (orderCount > 0 && failures.length === 0) {
    try {
      orders = await measureOrdersPhase(env, orderCount);
    } catch (error) {
      failures.push(`${orderCount} orders: ${error instanceof Error ? error.message : String(error)}`);
      log(`measuring ${orderCount.toLocaleString('en-US')} orders failed: ${failures.at(-1)}`);
    }
  }
  let labDelivery: LabDeliveryFigures | undefined;
  if (labOrders > 0 && failures.length === 0) {
    try {
      labDelivery = await measureLabDelivery({ batch: labOrders, singles: labSingles, log });
    } catch (error) {
      failures.push(`lab delivery: ${error instanceof Error ? error.message : String(error)}`);
      log(`measuring the lab delivery failed: ${failures.at(-1)}`);
    }
  }
  const partial = {
    startedAt: new Date(started).toISOString(),
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg(), chromium: env.browser.version(), node: process.version },
    network: CLINIC_NETWORK,
    javascriptBeforeFirstPaintKb: { landing: landing.kb, landingFiles: landing.files, providers: js?.providers ?? Number.NaN, providersFiles: js?.files ?? 0 },
    sizes: measured,
    ...(organizations ? { organizations } : {}),
    ...(patients ? { patients } : {}),
    ...(orders ? { orders } : {}),
    ...(labDelivery ? { labDelivery } : {}),
    ...(failures.length > 0 ? { failures } : {}),
  };
  const result: BenchResult = { ...partial, budgets: budgets(partial), totalSeconds: (Date.now() - started) / 1000 };
  const out = values.out ?? path.join(REPO_ROOT, 'bench-results', `bench-${smoke ? 'smoke-' : ''}${new Date(started).toISOString().replace(/[:.]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${formatTable(result)}\n\nWrote ${path.relative(process.cwd(), out)} in ${result.totalSeconds.toFixed(0)} s.`);
  const missing = missingFigures(result);
  if (failures.length > 0 || measured.length < sizes.length) {
    console.error(`Sizes not measured: ${failures.join('; ')}`);
    exitCode = 1;
  }
  if (missing.length > 0) {
    console.error(`Figures missing from the run: ${missing.join(', ')}`);
    exitCode = 1;
  }
  if (values.enforce && result.budgets.some((budget) => !budget.met)) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await env?.close();
}
process.exit(exitCode);
