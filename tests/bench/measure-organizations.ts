/**
 * The benchmark's organizations phase (issue 24): the organization list at 5,000 client
 * accounts. After the directory sizes, organizations are added until there are 5,000 (with
 * their account numbers, practice cities and DBA names, so the search matches what staff
 * type); a staff member signs in on /organizations and the device downloads the directory;
 * then the list is reloaded offline (first rows, searchable) and the organization search is
 * typed and timed keystroke to paint. run-bench.ts reports the offline figures as ratios of
 * the run's online-only baseline.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from '@playwright/test';
import { measureOfflineReload, measureSearch, painted, STAFF, waitFor, type OfflineReloadFigures, type SearchFigures } from './measure-app.ts';
import { installProbes, KEEP_NAMES_SHIM, type ProbedList } from './page-probes.ts';
import { withCheckDigit } from '../../supabase/local/simulator/npi.ts';
import { insertRows, setRealtimeNotify } from './seed-directory.ts';
import { typedQueries, type Query } from './search-script.ts';

export const ORGANIZATION_TARGET = 5000;

export interface OrganizationFigures {
  organizations: number;
  seedSeconds: number;
  firstSyncSeconds: number;
  offlineReload: OfflineReloadFigures & { runs: OfflineReloadFigures[] };
  search: SearchFigures;
  /** Offline first rows and search-ready over the run's online-only baseline (of the largest directory size). */
  ratios: { firstRows: number; searchReady: number };
}

const NAMES = ['Hudson', 'Mohawk', 'Saratoga', 'Adirondack', 'Catskill', 'Champlain', 'Genesee', 'Seneca', 'Oneida', 'Taconic', 'Delaware', 'Schoharie', 'Otsego', 'Chenango'];
const KINDS = ['Family Practice', 'Medical Group', 'Pediatrics', 'Internal Medicine', 'Urgent Care', 'Women\u2019s Health', 'Cardiology', 'Orthopedics'];
const CLIENTS = ['Drug Testing', 'School District', 'Correctional Facility', 'Staffing', 'Transit Authority'];
const CITIES = ['Albany', 'Troy', 'Schenectady', 'Saratoga Springs', 'Glens Falls', 'Utica', 'Kingston', 'Plattsburgh', 'Oneonta', 'Hudson'];

async function countOrganizations(pg: PGlite): Promise<number> {
  const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from public.organizations where not _deleted');
  return rows[0]!.n;
}

/** Adds organizations until there are `total`; returns how long it took and the names to search for. */
export async function seedOrganizationsTo(pg: PGlite, total: number): Promise<{ ms: number; count: number; samples: string[] }> {
  const started = performance.now();
  const before = await countOrganizations(pg);
  const rows = Array.from({ length: Math.max(0, total - before) }, (_, i) => {
    const n = before + i;
    const type = n % 12 === 11 ? 'non_healthcare' : n % 7 === 6 ? 'sole_proprietor' : 'healthcare';
    const name = `${NAMES[n % NAMES.length]} ${type === 'non_healthcare' ? CLIENTS[n % CLIENTS.length] : KINDS[(n >> 2) % KINDS.length]} ${n}`;
    const city = CITIES[(n * 7) % CITIES.length]!;
    const created = new Date(Date.now() - (n % 3000) * 86_400_000).toISOString();
    return {
      id: randomUUID(),
      legal_name: type === 'non_healthcare' ? `${name} LLC` : `${name} PC`,
      dba_name: n % 5 === 0 ? `${NAMES[(n + 3) % NAMES.length]} Care ${n}` : null,
      type,
      // The database requires an NPI of a healthcare organization (Type 2) and of a sole
      // proprietor (their own, Type 1); ranges apart from the directory's (directory-data.ts).
      npi: type === 'healthcare' ? withCheckDigit(String(250_000_000 + n)) : type === 'sole_proprietor' ? withCheckDigit(String(195_000_000 + n)) : null,
      is_active: n % 25 !== 0,
      account_number: `B${String(n).padStart(6, '0')}`,
      bill_types: ['client'],
      practice_address: { line1: `${(n % 900) + 1} Main St`, line2: null, city, state: 'NY', zip: '12207' },
      created_at: created,
      updated_at: created,
    };
  });
  await setRealtimeNotify(pg, false, ['organizations']);
  try {
    await insertRows(pg, 'organizations', rows);
  } finally {
    await setRealtimeNotify(pg, true, ['organizations']);
  }
  await pg.exec('analyze public.organizations');
  const samples = rows.filter((_, i) => i % Math.max(1, Math.floor(rows.length / 24)) === 0).slice(0, 24).map((row) => `${row.legal_name}|${row.account_number}|${row.practice_address.city}`);
  return { ms: performance.now() - started, count: await countOrganizations(pg), samples };
}

export function organizationCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'organization' : 'organizations'}`;
}

function organizationListProbe(count: number): ProbedList {
  return { rowSelector: '[data-testid="organization-rows"] [role="row"]', countSelector: '[data-testid="organization-count"]', countText: organizationCountText(count) };
}

/** Names, account numbers and cities as staff type them, a query cleared after each. */
export function organizationSearchKeystrokes(samples: readonly string[], min: number): string[] {
  if (samples.length === 0) throw new Error('No organizations to search for');
  const queries: Query[] = samples.map((sample, i) => {
    const [name, account, city] = sample.split('|') as [string, string, string];
    if (i % 3 === 0) return { text: name.split(' ').slice(0, 2).join(' ').toLowerCase(), clear: 'select-all' };
    if (i % 3 === 1) return { text: account.slice(0, 5), clear: 'backspaces' };
    return { text: city.toLowerCase(), clear: 'select-all' };
  });
  return typedQueries(queries, min);
}

async function syncAtRest(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-tone') === 'ok', null, { timeout });
}

export interface OrganizationTarget {
  appUrl: string;
  organizations: number;
  samples: readonly string[];
  keystrokes: number;
  offlineRuns: number;
  /** The run's online-only baseline (largest directory size). */
  baseline: { firstRowsMs: number; searchReadyMs: number };
}

export async function measureOrganizations(browser: Browser, target: OrganizationTarget, log: (line: string) => void): Promise<Omit<OrganizationFigures, 'seedSeconds'>> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript({ content: KEEP_NAMES_SHIM });
    await context.addInitScript(installProbes, organizationListProbe(target.organizations));
    const page = await context.newPage();
    await page.goto(`${target.appUrl}/organizations`);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/organizations$/, { timeout: 60_000 });
    // The whole directory downloads (providers too): generous, a slow download is a figure.
    await waitFor(page, 'every organization in the list after the first sync', (s) => painted(s.searchReadyAt), 600_000);
    await syncAtRest(page, 600_000);
    const firstSyncSeconds = (Date.now() - started) / 1000;
    log(`organizations: first sync with ${target.organizations.toLocaleString('en-US')} organizations in ${firstSyncSeconds.toFixed(1)} s`);

    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const runs: OfflineReloadFigures[] = [];
    for (let run = 0; run < target.offlineRuns; run += 1) runs.push(await measureOfflineReload(page));
    const middle = (key: keyof OfflineReloadFigures) => runs.map((run) => run[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    const offlineReload = { firstRowsMs: middle('firstRowsMs'), searchReadyMs: middle('searchReadyMs'), runs };
    log(`organizations: offline reload first rows ${offlineReload.firstRowsMs.toFixed(0)} ms, searchable ${offlineReload.searchReadyMs.toFixed(0)} ms`);

    await context.setOffline(false);
    await syncAtRest(page, 60_000);
    const search = await measureSearch(page, {
      keys: organizationSearchKeystrokes(target.samples, target.keystrokes),
      countTestId: 'organization-count',
      countText: organizationCountText(target.organizations),
      label: `organization-search-${target.organizations}`,
    });
    log(`organizations: search p95 ${search.p95.toFixed(1)} ms (app time ${search.busy.p95.toFixed(1)} ms) over ${search.keystrokes} keystrokes`);
    return {
      organizations: target.organizations,
      firstSyncSeconds,
      offlineReload,
      search,
      ratios: { firstRows: offlineReload.firstRowsMs / target.baseline.firstRowsMs, searchReady: offlineReload.searchReadyMs / target.baseline.searchReadyMs },
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}
