/**
 * The benchmark's figures per directory size, the budgets of ARCHITECTURE.md they are held
 * to, the printed table, and the check that a run produced every figure (the smoke run in
 * `npm test` fails on a missing or non-finite one, so the benchmark cannot rot silently).
 */
import type { BaselineFigures } from './measure-baseline.ts';
import type { OfflineReloadFigures, SearchFigures } from './measure-app.ts';
import type { FirstSyncFigures } from './measure-first-sync.ts';
import type { PatientFigures } from './measure-patients.ts';
import type { OrderFigures } from './measure-orders.ts';
import type { OrganizationFigures } from './measure-organizations.ts';
import type { StorageFloorFigures } from './measure-storage-floor.ts';
import type { DashboardFigures } from './measure-dashboard.ts';
import type { EditSyncFigures } from './measure-edit-sync.ts';
import type { NewDeviceFigures } from './measure-new-device.ts';
import { BASELINE_DEBOUNCE_MS, type BaselineSearchFigures } from './measure-baseline-search.ts';
import type { LabDeliveryFigures } from './measure-lis-delivery.ts';

export interface SizeFigures {
  providers: number;
  seed: { seconds: number; rows: { organizations: number; memberships: number; preferences: number } };
  firstSync: FirstSyncFigures;
  heapAfterSyncMb: number;
  /** What IndexedDB costs per record in the same browser: the floor under the first sync. */
  storageFloor: StorageFloorFigures;
  offlineReload: OfflineReloadFigures & { runs: OfflineReloadFigures[] };
  search: SearchFigures;
  /** The same keystrokes in a bare search box (measure-search-floor.ts): the browser's floor under the search. */
  searchFloor: SearchFigures;
  /** Issue 27: the staff dashboard's first figure painted after an offline reload. */
  dashboard: DashboardFigures;
  /** Measured at the first size only: a second browser's save painted in the first's list. */
  editSync?: EditSyncFigures;
  /** Issue 28: a fresh browser's first rows and a search while its first download runs. */
  newDevice: NewDeviceFigures;
  baseline: BaselineFigures;
  /** Issue 28: the online-only app's search, per keystroke from the server (debounced). */
  baselineSearch: BaselineSearchFigures;
  /** searchP95: the local search's keystroke-to-paint p95 over the online-only search's. */
  ratios: { firstRows: number; searchReady: number; searchP95: number };
}

export interface BenchResult {
  startedAt: string;
  machine: { cpus: number; loadAverage: number[]; chromium: string; node: string };
  network: { latencyMs: number; megabitsPerSecond: number };
  javascriptBeforeFirstPaintKb: { landing: number; providers: number; providersFiles: number; landingFiles: number };
  sizes: SizeFigures[];
  /** The organizations phase (measure-organizations.ts): the organization list at 5,000 organizations. */
  organizations?: OrganizationFigures;
  /** The patients phase (measure-patients.ts), after the directory sizes. */
  patients?: PatientFigures;
  /** The orders phase (measure-orders.ts), after the patients: the order list and order entry's submit. */
  orders?: OrderFigures;
  /** Issue 44: orders to the laboratory (measure-lis-delivery.ts), submit to AA on a stack of their own. */
  labDelivery?: LabDeliveryFigures;
  /** Sizes whose measurement failed (timeouts on a loaded machine), with the error. */
  failures?: string[];
  budgets: Array<{ name: string; limit: number; value: number; unit: string; met: boolean }>;
  totalSeconds: number;
}

export function budgets(result: Omit<BenchResult, 'budgets' | 'totalSeconds'>): BenchResult['budgets'] {
  const largest = result.sizes.at(-1);
  const js = result.javascriptBeforeFirstPaintKb;
  const list: BenchResult['budgets'] = [
    { name: 'JS before first paint, landing (gzip)', limit: 200, value: js.landing, unit: 'KB', met: false },
    { name: 'JS before first paint, /providers (gzip)', limit: 350, value: js.providers, unit: 'KB', met: false },
  ];
  if (largest) {
    const at = `at ${largest.providers.toLocaleString('en-US')}`;
    list.push(
      // Keystroke to paint less the idle wait for the display's next frame (page-probes.ts):
      // with that wait, even an empty page's p95 is over 16 ms on a 60 Hz frame clock.
      { name: `search keystroke-to-paint p95, app time ${at}`, limit: 16, value: largest.search.busy.p95, unit: 'ms', met: false },
      { name: `offline reload first rows ${at}`, limit: 800, value: largest.offlineReload.firstRowsMs, unit: 'ms', met: false },
      { name: `offline reload search-ready ${at}`, limit: 2000, value: largest.offlineReload.searchReadyMs, unit: 'ms', met: false },
      { name: `first sync ${at}`, limit: 15, value: largest.firstSync.seconds, unit: 's', met: false },
      // Issue 28: a new device is useful at once (the server answers while the copy downloads).
      { name: `new device: sign in to first rows ${at}`, limit: 3000, value: largest.newDevice.firstRowsMs, unit: 'ms', met: false },
      // Issue 27: "at 50,000 providers it paints in under a second after an offline reload".
      { name: `dashboard painted after an offline reload ${at}`, limit: 1000, value: largest.dashboard.paintMs, unit: 'ms', met: false },
      // Issue 27: "the dashboard's JavaScript stays within the budgets" (those of /providers).
      { name: 'JS before first paint, /dashboard (gzip)', limit: 350, value: largest.dashboard.jsKb, unit: 'KB', met: false },
    );
  }
  const editSync = result.sizes.find((size) => size.editSync)?.editSync;
  if (editSync) {
    // The foundation's promise: two signed-in browsers see each other's edits within 2 s.
    list.push({ name: `an edit seen by another browser (median) at ${editSync.providers.toLocaleString('en-US')}`, limit: 2000, value: editSync.medianMs, unit: 'ms', met: false });
  }
  const organizations = result.organizations;
  if (organizations) {
    const at = `at ${organizations.organizations.toLocaleString('en-US')} organizations`;
    list.push(
      // Issue 24: the organization list to the directory's standard.
      { name: `organization search keystroke-to-paint p95, app time ${at}`, limit: 16, value: organizations.search.busy.p95, unit: 'ms', met: false },
      { name: `organization list offline reload first rows ${at}`, limit: 800, value: organizations.offlineReload.firstRowsMs, unit: 'ms', met: false },
    );
  }
  const patients = result.patients;
  if (patients) {
    const at = `at ${patients.patients.toLocaleString('en-US')}`;
    list.push(
      // Issue 26: as fast as the provider search, with the same measure.
      { name: `patient search keystroke-to-paint p95, app time ${at}`, limit: 16, value: patients.search.busy.p95, unit: 'ms', met: false },
      // The key's derivation from the password (PBKDF2, 600,000 rounds) is part of it.
      { name: `unlock to a patient's page painted ${at}`, limit: 2000, value: patients.unlockToPatientPageMs, unit: 'ms', met: false },
      // Like the directory's search-ready after an offline reload.
      { name: `unlock to the patient list searchable ${at}`, limit: 2000, value: patients.unlockToListSearchableMs, unit: 'ms', met: false },
    );
  }
  const orders = result.orders;
  if (orders) {
    const at = `at ${orders.orders.toLocaleString('en-US')} orders`;
    list.push(
      // Issue 31: the order list to the patient list's standard.
      { name: `order search keystroke-to-paint p95, app time ${at}`, limit: 16, value: orders.search.busy.p95, unit: 'ms', met: false },
      { name: `unlock to the order list searchable ${at}`, limit: 2000, value: orders.unlockToListSearchableMs, unit: 'ms', met: false },
      { name: `order entry: Submit to "Waiting to send" (offline, median) ${at}`, limit: 500, value: orders.submitToWaiting.medianMs, unit: 'ms', met: false },
    );
  }
  if (result.labDelivery) list.push(...labDeliveryBudgets(result.labDelivery));
  return list.map((budget) => ({ ...budget, met: budget.value <= budget.limit }));
}

/** Issue 44: a single order at the laboratory within 2 s (p95); a batch at 50 orders/s or more (20 ms an order); nothing sent twice. */
export function labDeliveryBudgets(lab: LabDeliveryFigures): BenchResult['budgets'] {
  const list: BenchResult['budgets'] = [
    { name: `lab delivery: one order, submit to the laboratory's AA (p95 of ${lab.single.orders})`, limit: 2000, value: lab.single.p95Ms, unit: 'ms', met: false },
    { name: `lab delivery: a batch of ${f(lab.batch.orders)}, time per order from its commit (50 orders/s = 20 ms)`, limit: 20, value: (lab.batch.seconds * 1000) / lab.batch.orders, unit: 'ms', met: false },
    { name: 'lab delivery: messages the laboratory received twice', limit: 0, value: lab.duplicates.messagesSentTwice + lab.duplicates.duplicateAcks, unit: '', met: false },
  ];
  return list.map((budget) => ({ ...budget, met: budget.value <= budget.limit }));
}

export function labDeliveryLines(lab: LabDeliveryFigures): string[] {
  return [
    '',
    'Orders to the laboratory (the wake alone, no scheduler tick):',
    `  one at a time: submit to AA p50 / p95 / max ${f(lab.single.p50Ms)} / ${f(lab.single.p95Ms)} / ${f(lab.single.maxMs)} ms (${lab.single.orders} orders)`,
    `  a batch of ${f(lab.batch.orders)} submitted in one transaction (${f(lab.batch.submitSeconds, 1)} s): ${f(lab.batch.ordersPerSecond, 1)} orders/s (${f(lab.batch.seconds, 1)} s from its commit to the last AA); each order's submit to AA p50 / p95 ${f(lab.batch.p50Ms)} / ${f(lab.batch.p95Ms)} ms`,
    `  sent twice: ${lab.duplicates.messagesSentTwice} messages; duplicate acknowledgements: ${lab.duplicates.duplicateAcks}`,
  ];
}

function patientLines(patients: PatientFigures, providerSearch: SearchFigures | undefined): string[] {
  const search = patients.search;
  const versus = providerSearch ? ` (${f(search.busy.p95 / providerSearch.busy.p95, 2)}x the provider search's at ${f(providerSearch.keystrokes)} keys)` : '';
  return [
    '',
    `Patients (${f(patients.patients)}, ${f(patients.activePatients)} active; seeded in ${f(patients.seedSeconds, 1)} s):`,
    `  first sync (sealed on the device): ${f(patients.firstSync.seconds, 1)} s (${f(patients.firstSync.patientsPerSecond)} patients/s); JS heap with the list ${f(patients.heapWithListMb, 1)} MB`,
    `  offline after a reload, unlock to: a patient's page ${f(patients.unlockToPatientPageMs)} ms; the list's first rows ${f(patients.unlockToListFirstRowsMs)} ms, searchable ${f(patients.unlockToListSearchableMs)} ms`,
    `  search p50 / p95 / max (ms): ${f(search.p50, 1)} / ${f(search.p95, 1)} / ${f(search.max, 1)} (${search.keystrokes} keys); app time ${f(search.busy.p50, 1)} / ${f(search.busy.p95, 1)} / ${f(search.busy.max, 1)}${versus}`,
  ];
}

function orderLines(orders: OrderFigures): string[] {
  const search = orders.search;
  return [
    '',
    `Orders (${f(orders.orders)}; seeded in ${f(orders.seedSeconds, 1)} s):`,
    `  first sync (sealed on the device): ${f(orders.firstSync.seconds, 1)} s (${f(orders.firstSync.ordersPerSecond)} orders/s)`,
    `  offline after a reload, unlock to the list's first rows ${f(orders.unlockToListFirstRowsMs)} ms, searchable ${f(orders.unlockToListSearchableMs)} ms`,
    `  search p50 / p95 / max (ms): ${f(search.p50, 1)} / ${f(search.p95, 1)} / ${f(search.max, 1)} (${search.keystrokes} keys); app time ${f(search.busy.p50, 1)} / ${f(search.busy.p95, 1)} / ${f(search.busy.max, 1)}`,
    `  order entry, offline: Submit order to "Waiting to send" painted ${f(orders.submitToWaiting.medianMs)} ms median (${orders.submitToWaiting.runs.map((ms) => f(ms)).join(', ')})`,
  ];
}

function organizationLines(organizations: OrganizationFigures): string[] {
  const { search, offlineReload, ratios } = organizations;
  return [
    '',
    `Organizations (${f(organizations.organizations)}; seeded in ${f(organizations.seedSeconds, 1)} s):`,
    `  first sync of the directory: ${f(organizations.firstSyncSeconds, 1)} s`,
    `  offline reload: first rows ${f(offlineReload.firstRowsMs)} ms (${f(ratios.firstRows, 3)} of the baseline, ${f(1 / ratios.firstRows, 1)}x faster), searchable ${f(offlineReload.searchReadyMs)} ms (${f(ratios.searchReady, 3)} of the baseline)`,
    `  search p50 / p95 / max (ms): ${f(search.p50, 1)} / ${f(search.p95, 1)} / ${f(search.max, 1)} (${search.keystrokes} keys); app time ${f(search.busy.p50, 1)} / ${f(search.busy.p95, 1)} / ${f(search.busy.max, 1)}`,
  ];
}

const f = (value: number, digits = 0) => (Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a');

export function formatTable(result: BenchResult): string {
  const header = ['', ...result.sizes.map((size) => `${f(size.providers)} providers`)];
  const row = (label: string, pick: (size: SizeFigures) => string) => [label, ...result.sizes.map(pick)];
  const rows = [
    header,
    row('seed (s)', (s) => f(s.seed.seconds, 1)),
    row('first sync (s)', (s) => f(s.firstSync.seconds, 1)),
    row('first sync (rows/s)', (s) => f(s.firstSync.rowsPerSecond)),
    row('progress bar', (s) => `${s.firstSync.progress.values.length} steps${s.firstSync.progress.monotonic ? ', monotonic' : ', WENT BACK'}${s.firstSync.progress.reached100 ? ', reached 100%' : ''}`),
    row('  % shown, at s', (s) => s.firstSync.progress.values.map((value, i) => `${value}@${s.firstSync.progress.valuesAtSeconds[i]}`).join(' ')),
    row('  IndexedDB per record: put / read (µs)', (s) => `${f(s.storageFloor.putMicros)} / ${f(s.storageFloor.readMicros)} (500 rows a record: ${f(s.storageFloor.chunkedPutMicros)} per row)`),
    row('  floor: 2 puts per row, unpacked (s)', (s) => `${f(s.storageFloor.replicationFloorSeconds, 1)} (sync ${f(s.firstSync.seconds / s.storageFloor.replicationFloorSeconds, 1)}x the floor)`),
    row('  floor: 1 put per row + packed metadata (s)', (s) => `${f(s.storageFloor.packedFloorSeconds, 1)} (sync ${f(s.firstSync.seconds / s.storageFloor.packedFloorSeconds, 1)}x the floor)`),
    row('  floor: documents and metadata packed (s)', (s) => `${f(s.storageFloor.fullyPackedFloorSeconds, 1)} (sync ${f(s.firstSync.seconds / s.storageFloor.fullyPackedFloorSeconds, 1)}x the floor)`),
    row('  main thread busy (share of the sync)', (s) => f(s.firstSync.mainThreadBusyShare, 2)),
    row('JS heap after sync (MB)', (s) => f(s.heapAfterSyncMb, 1)),
    row('offline reload: first rows (ms)', (s) => f(s.offlineReload.firstRowsMs)),
    row('offline reload: search-ready (ms)', (s) => f(s.offlineReload.searchReadyMs)),
    row('search p50 / p95 / max (ms)', (s) => `${f(s.search.p50, 1)} / ${f(s.search.p95, 1)} / ${f(s.search.max, 1)} (${s.search.keystrokes} keys)`),
    row('  app time, without the frame wait', (s) => `${f(s.search.busy.p50, 1)} / ${f(s.search.busy.p95, 1)} / ${f(s.search.busy.max, 1)}`),
    row('  floor: a bare search box, app time', (s) => `${f(s.searchFloor.busy.p50, 1)} / ${f(s.searchFloor.busy.p95, 1)} / ${f(s.searchFloor.busy.max, 1)} (p95 ${f(s.search.busy.p95 / s.searchFloor.busy.p95, 1)}x the floor)`),
    row('dashboard after offline reload (ms)', (s) => f(s.dashboard.paintMs)),
    row('dashboard JS before first paint (KB gzip)', (s) => f(s.dashboard.jsKb)),
    row('edit seen by another browser: median / max (ms)', (s) => (s.editSync ? `${f(s.editSync.medianMs)} / ${f(s.editSync.maxMs)} (${s.editSync.runs.length} edits)` : '')),
    row('new device: sign in to first rows (ms)', (s) => `${f(s.newDevice.firstRowsMs)} (${s.newDevice.firstRowsFrom})`),
    row('new device: search answered (ms)', (s) => `${f(s.newDevice.searchAnsweredMs)} ("${s.newDevice.query}", ${s.newDevice.searchFrom})`),
    row('baseline online-only: first rows (ms)', (s) => f(s.baseline.firstRowsMs)),
    row('baseline online-only: searchable (ms)', (s) => f(s.baseline.searchReadyMs)),
    row('local-first / baseline: first rows', (s) => `${f(s.ratios.firstRows, 3)} (${f(1 / s.ratios.firstRows, 1)}x faster)`),
    row('local-first / baseline: searchable', (s) => `${f(s.ratios.searchReady, 3)} (${f(1 / s.ratios.searchReady, 1)}x faster)`),
    row('baseline online-only search p50 / p95 (ms)', (s) => `${f(s.baselineSearch.p50)} / ${f(s.baselineSearch.p95)} (${s.baselineSearch.keystrokes} keys, ${BASELINE_DEBOUNCE_MS} ms debounce)`),
    row('local search p95 / online-only search p95', (s) => `${f(s.ratios.searchP95, 3)} (${f(1 / s.ratios.searchP95, 1)}x faster)`),
  ];
  const widths = header.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  const lines = rows.map((cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  const js = result.javascriptBeforeFirstPaintKb;
  lines.push('', `JS before first paint (gzip): landing ${f(js.landing, 1)} KB (${js.landingFiles} files), /providers ${f(js.providers, 1)} KB (${js.providersFiles} files)`);
  if (result.organizations) lines.push(...organizationLines(result.organizations));
  if (result.patients) lines.push(...patientLines(result.patients, result.sizes.at(-1)?.search));
  if (result.orders) lines.push(...orderLines(result.orders));
  if (result.labDelivery) lines.push(...labDeliveryLines(result.labDelivery));
  lines.push(`Baseline network: ${result.network.latencyMs} ms round trip, ${result.network.megabitsPerSecond} Mbit/s`, '', 'Budgets (ARCHITECTURE.md):');
  for (const budget of result.budgets) {
    lines.push(`  ${budget.met ? 'met   ' : 'MISSED'}  ${budget.name}: ${f(budget.value, 1)} ${budget.unit} (limit ${budget.limit} ${budget.unit})`);
  }
  return lines.join('\n');
}

/** Figures that may legitimately be null (a small sync can finish between two samples). */
const OPTIONAL = /\.firstShownAfterMs$/;

/** Paths of figures that are missing or not finite numbers (empty when the run is complete). */
export function missingFigures(value: unknown, at = ''): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [at];
  if (value === null || value === undefined) return OPTIONAL.test(at) ? [] : [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => missingFigures(item, `${at}[${i}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => missingFigures(item, at ? `${at}.${key}` : key));
  return [];
}
