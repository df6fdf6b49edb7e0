/**
 * The benchmark's orders phase (issue 31): the order list at 100,000 orders and order entry's
 * submit. Orders are protected health information (docs/data-model.md, "Protected
 * collections"): read whole after unlock and searched in memory, like patients. After the
 * patients phase, orders for the patients already there are written into the stack's
 * database as the owner in one statement per slice (through the product's table and
 * triggers); a staff member signs in on /orders and the device downloads them; offline after
 * a reload the password is entered on the list (unlock to first rows, to the whole list
 * searchable); back online the order search is typed (requisition numbers and patients' last
 * names) and timed keystroke to paint. Then, offline, complete orders are entered and the
 * Submit order click is timed to the order's "Waiting to send" painted (the median is
 * reported).
 */
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from '@playwright/test';
import { measureSearch, painted, probe, STAFF, waitFor, type SearchFigures } from './measure-app.ts';
import { installProbes, KEEP_NAMES_SHIM, type ProbedList } from './page-probes.ts';
import { forgetKeptKey, protectedListSaved, syncAtRest, unlock } from './measure-patients.ts';
import { setRealtimeNotify } from './seed-directory.ts';
import { typedQueries, type Query } from './search-script.ts';

export interface OrderFigures {
  /** Orders on the server (and so on the device: staff see every order). */
  orders: number;
  seedSeconds: number;
  /** Sign-in to the whole order list searchable and the sync indicator at rest. */
  firstSync: { seconds: number; ordersPerSecond: number };
  /** Offline, after a reload: the Open patient records click to the list's first rows, and to the whole list searchable. */
  unlockToListFirstRowsMs: number;
  unlockToListSearchableMs: number;
  search: SearchFigures;
  /** Offline: the Submit order click to "Waiting to send" painted on the order's page, per run and the median. */
  submitToWaiting: { medianMs: number; runs: number[] };
}

export async function countOrders(pg: PGlite): Promise<number> {
  const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from public.orders where not _deleted');
  return rows[0]!.n;
}

/**
 * Adds orders until there are `total`: requisition numbers of a device no device is given
 * (`R-ZZZZ-…`), past statuses only (received, in progress, resulted: as the owner, a
 * submitted one would be queued for the laboratory), client or patient billing, one to
 * three tests, collected over the last two years, for the patients and memberships there are.
 */
export async function seedOrdersTo(pg: PGlite, total: number): Promise<{ added: number; ms: number; count: number }> {
  const started = performance.now();
  const before = await countOrders(pg);
  const count = total - before;
  if (count > 0) {
    const { rows: done } = await pg.query<{ n: number }>(`select count(*)::int as n from public.orders where requisition_number like 'R-ZZZZ-%'`);
    await setRealtimeNotify(pg, false, ['orders']);
    try {
      const SLICE = 20_000;
      for (let offset = 0; offset < count; offset += SLICE) {
        await pg.query(
          `with patients as (select array_agg(id order by id) as ids from (select id from public.patients where not _deleted and is_active order by id limit 20000) p),
                pairs as (select array_agg(organization_id order by id) as orgs, array_agg(provider_id order by id) as providers
                            from (select m.id, m.organization_id, m.provider_id from public.provider_organization_memberships m
                                    join public.providers p on p.id = m.provider_id
                                   where not m._deleted and coalesce(p.exclusion_status, '') <> 'excluded' order by m.id limit 5000) m),
                tests as (select array[
                  '{"code":"CBC","name":"CBC without differential","cpt_codes":["85027"],"specimen_type":"Whole blood","container":"Lavender-top EDTA tube","necessity":"not-governed","reason":null,"modifiers":[{"cpt":"85027","modifier":null}],"declined":false}'::jsonb,
                  '{"code":"CMP","name":"Comprehensive metabolic panel","cpt_codes":["80053"],"specimen_type":"Serum","container":"Gold-top serum separator tube (SST)","necessity":"not-governed","reason":null,"modifiers":[{"cpt":"80053","modifier":null}],"declined":false}'::jsonb,
                  '{"code":"TSH","name":"Thyroid-stimulating hormone (TSH)","cpt_codes":["84443"],"specimen_type":"Serum","container":"Gold-top serum separator tube (SST)","necessity":"not-governed","reason":null,"modifiers":[{"cpt":"84443","modifier":null}],"declined":false}'::jsonb] as list),
                numbered as (select g, $1::int + g as n, now() - make_interval(mins => ((g * 7919) % 1051200)) as at
                               from generate_series(1, $2::int) g)
           insert into public.orders (requisition_number, status, organization_id, provider_id, patient_id, billing, tests, answers, diagnoses,
                                      collected_at, collected_by, priority, submitted_at, created_at, updated_at)
           select 'R-ZZZZ-' || lpad(n::text, 6, '0'),
                  (array['received', 'in_progress', 'resulted', 'resulted', 'resulted'])[1 + n % 5],
                  pairs.orgs[1 + n % array_length(pairs.orgs, 1)],
                  pairs.providers[1 + n % array_length(pairs.providers, 1)],
                  patients.ids[1 + (n * 31) % array_length(patients.ids, 1)],
                  case when n % 3 = 0 then 'patient' else 'client' end,
                  jsonb_build_array(tests.list[1 + n % 3]) || case when n % 2 = 0 then jsonb_build_array(tests.list[1 + (n + 1) % 3]) else '[]'::jsonb end,
                  '[]'::jsonb, '[]'::jsonb, at, 'Bench phlebotomist', case when n % 20 = 0 then 'stat' else 'routine' end, at, at, at
             from numbered, patients, pairs, tests`,
          [done[0]!.n + offset, Math.min(SLICE, count - offset)],
        );
      }
    } finally {
      await setRealtimeNotify(pg, true, ['orders']);
    }
    await pg.exec('analyze public.orders');
  }
  return { added: Math.max(0, count), ms: performance.now() - started, count: await countOrders(pg) };
}

export interface SampleOrder {
  requisitionNumber: string;
  lastName: string;
}

/** A spread of the bench's orders (every n-th by requisition number) with their patients' last names. */
export async function sampleOrders(pg: PGlite, count = 24): Promise<SampleOrder[]> {
  const { rows } = await pg.query<{ requisition_number: string; last_name: string }>(
    `select requisition_number, last_name from (
       select o.requisition_number, p.last_name, row_number() over (order by o.requisition_number) as n, count(*) over () as total
         from public.orders o join public.patients p on p.id = o.patient_id where not o._deleted) s
      where n % greatest(1, total / $1) = 0 limit $1`,
    [count],
  );
  return rows.map((row) => ({ requisitionNumber: row.requisition_number, lastName: row.last_name }));
}

/** Requisition numbers (their last digits, as read off a label) and patients' last names, a query cleared after each. */
export function orderSearchKeystrokes(samples: readonly SampleOrder[], min: number): string[] {
  if (samples.length === 0) throw new Error('No orders to search for');
  const queries: Query[] = samples.map((sample, i) =>
    i % 2 === 0 ? { text: sample.requisitionNumber.toLowerCase(), clear: 'select-all' } : { text: sample.lastName.toLowerCase(), clear: 'backspaces' },
  );
  return typedQueries(queries, min);
}

/** The list's count when nothing is searched or filtered (orders-page.tsx). */
export function orderCountText(count: number): string {
  return `${count} of ${count} orders`;
}

function orderListProbe(count: number): ProbedList {
  return { rowSelector: '[data-testid="order-row"]', countSelector: '[data-testid="order-count"]', countText: orderCountText(count) };
}

declare global {
  interface Window {
    __submit: { clickedAt: number | null; paintedAt: number | null };
  }
}

/** A complete order for a demo patient, billed to the client (no diagnosis needed), on the entry page. */
async function enterOrder(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Order entry', exact: true }).first().click();
  // The order list has its own Organization and Provider filters: wait for the entry page.
  await page.waitForURL(/\/orders\/entry$/, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Order Entry', level: 1 }).waitFor({ timeout: 60_000 });
  const organization = page.getByRole('combobox', { name: /^Organization/ });
  const option = organization.locator('option', { hasText: /^Capital Region/ }).first();
  await option.waitFor({ state: 'attached', timeout: 60_000 });
  await organization.selectOption((await option.getAttribute('value')) ?? '');
  const provider = page.getByRole('combobox', { name: /^Provider/ });
  const providerOption = provider.locator('option', { hasText: 'NPI 1890246816' }).first();
  await providerOption.waitFor({ state: 'attached', timeout: 30_000 });
  await provider.selectOption((await providerOption.getAttribute('value')) ?? '');
  await page.getByLabel('Find the patient', { exact: true }).fill('Whitfield');
  await page.getByRole('button', { name: /Whitfield, Eleanor/ }).first().click({ timeout: 60_000 });
  await page.getByLabel('Who pays').selectOption('client');
  await page.getByLabel('Add a test', { exact: true }).fill('TSH');
  await page.getByLabel('Add a test', { exact: true }).press('Enter');
  await page.getByRole('list', { name: 'Tests on this order' }).getByRole('listitem').filter({ hasText: 'TSH' }).first().waitFor({ timeout: 10_000 });
}

/** Clicks Submit order; returns the click to "Waiting to send" painted on the order's page (page time). */
async function submitToWaiting(page: Page): Promise<number> {
  await page.evaluate(() => {
    const state = { clickedAt: null as number | null, paintedAt: null as number | null };
    window.__submit = state;
    document.addEventListener('click', (event) => (state.clickedAt ??= event.timeStamp), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="order-sync-state"]')?.textContent !== 'Waiting to send') return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (state.paintedAt = performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Submit order' }).click({ timeout: 10_000 });
  await page.waitForFunction(() => window.__submit.paintedAt !== null, null, { timeout: 60_000 });
  return page.evaluate(() => window.__submit.paintedAt! - window.__submit.clickedAt!);
}

export interface OrderTarget {
  appUrl: string;
  orders: number;
  samples: readonly SampleOrder[];
  keystrokes: number;
  submitRuns: number;
}

export async function measureOrders(browser: Browser, target: OrderTarget, log: (line: string) => void): Promise<Omit<OrderFigures, 'seedSeconds'>> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    await context.addInitScript({ content: KEEP_NAMES_SHIM });
    await context.addInitScript(installProbes, orderListProbe(target.orders));
    await page.goto(`${target.appUrl}/orders`);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/orders$/, { timeout: 60_000 });
    // Generous: a slow download is a figure, not a failure.
    const timeout = 120_000 + target.orders * 5;
    await waitFor(page, 'every order in the list after the first sync', (s) => painted(s.searchReadyAt), timeout);
    await syncAtRest(page, timeout);
    const seconds = (Date.now() - started) / 1000;
    log(`orders: first sync of ${target.orders.toLocaleString('en-US')} in ${seconds.toFixed(1)} s`);
    // As a device used a moment after its sync: the list saved (sealed) for the next unlock.
    await protectedListSaved(page, 'orders', timeout);

    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await context.setOffline(true);
    await forgetKeptKey(page);
    await page.goto(`${target.appUrl}/orders`);
    const listed = await unlock(page, null);
    const opening = 60_000 + target.orders * 2;
    const firstRowsAt = await waitFor(page, 'the order list after unlock', (s) => painted(s.firstRowPaintedAt), opening);
    const searchableAt = await waitFor(page, 'the whole order list searchable after unlock', (s) => painted(s.searchReadyAt), opening);
    const unlockToListFirstRowsMs = firstRowsAt - listed.clickedAt;
    const unlockToListSearchableMs = searchableAt - listed.clickedAt;
    log(`orders: unlock to the list's first rows ${unlockToListFirstRowsMs.toFixed(0)} ms, searchable ${unlockToListSearchableMs.toFixed(0)} ms (offline)`);

    await context.setOffline(false);
    await syncAtRest(page, 60_000);
    if ((await probe(page)).searchReadyAt === null) throw new Error('The order list is not searchable');
    const search = await measureSearch(page, {
      keys: orderSearchKeystrokes(target.samples, target.keystrokes),
      countTestId: 'order-count',
      countText: orderCountText(target.orders),
      label: `order-search-${target.orders}`,
    });
    // measureSearch checks that the count holds the whole list's number, which "0 of 1000
    // orders" also does: the box must be empty and the count exact (a dropped key shows here).
    const box = await page.getByRole('searchbox').inputValue();
    const shown = await page.getByTestId('order-count').textContent();
    if (box !== '' || shown !== orderCountText(target.orders)) throw new Error(`The order search did not end on the whole list: the box holds "${box}", the count reads "${shown}"`);
    log(`orders: search p95 ${search.p95.toFixed(1)} ms (app time ${search.busy.p95.toFixed(1)} ms) over ${search.keystrokes} keystrokes`);

    // Entered and submitted offline, the records open (as a clinic with a flaky connection would).
    await context.setOffline(true);
    const runs: number[] = [];
    for (let run = 0; run < target.submitRuns; run += 1) {
      await enterOrder(page);
      runs.push(await submitToWaiting(page));
    }
    await context.setOffline(false);
    const medianMs = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    log(`orders: submit to "Waiting to send" ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms (offline)`);
    return {
      orders: target.orders,
      firstSync: { seconds, ordersPerSecond: target.orders / seconds },
      unlockToListFirstRowsMs,
      unlockToListSearchableMs,
      search,
      submitToWaiting: { medianMs, runs },
    };
  } catch (error) {
    const shot = path.join(os.tmpdir(), `bench-orders-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    throw new Error(`The orders phase failed on ${page.url()} (screenshot ${shot}): ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await context.close().catch(() => undefined);
  }
}
