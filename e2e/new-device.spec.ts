/**
 * Journeys of a brand-new device (issue 47): offline from its first minute, nothing typed
 * ever lost.
 *
 * - Staff, on a fresh browser profile: sign in, wait for "Up to date", lose the connection
 *   without reloading; every page of the navigation opens from the device, reloaded too
 *   (no router error page, no browser offline page, no spinner that never ends: the order
 *   page's Activity says it shows when online). An order entered and submitted offline in
 *   that first session waits as "waiting to send". A second order, half entered, comes back
 *   after a reload and after the browser is killed, offline and online; the profile's files
 *   hold nothing of it; submitted, it reaches the server once. Online again the first order
 *   reaches the laboratory once and the header says "Up to date".
 * - An admin, on a fresh context: the same walk through every page of the admin navigation.
 * - Staff whose connection drops before the first download finished: the pages say what is
 *   missing, and fill in once online, with nothing lost.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { DRAFT_WRITE_DELAY_MS } from '../src/lib/drafts/draft-keeper.ts';
import { ANON_KEY, SERVICE_ROLE_KEY, STACK_URL } from './support/env.ts';
import { indexedDbFiles, killContext, launchProfile, newProfileDir } from './support/profile.ts';
import { ADMIN, signIn, STAFF } from './support/session.ts';

const STAFF_PAGES: ReadonlyArray<readonly [string, string]> = [
  ['/dashboard', 'Dashboard'],
  ['/timeline', 'Timeline'],
  ['/providers', 'Providers'],
  ['/organizations', 'Organizations'],
  ['/organization-memberships', 'Organization Memberships'],
  ['/orders/entry', 'Order Entry'],
  ['/orders', 'Orders'],
  ['/results', 'Results'],
  ['/results/queue', 'Result queue'],
  ['/patients', 'Patients'],
  ['/compendium', 'Test compendium'],
];
const ADMIN_PAGES = [...STAFF_PAGES, ['/users', 'Users'], ['/reference', 'Reference data']] as const;

const PROVIDER_NPI = '1890246816';
const ORGANIZATION = /^Capital Region/;
const PATIENT = { search: 'Whitfield', choice: /Whitfield, Eleanor/ };

async function service<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json', ...init.headers },
  });
  expect(response.ok, url).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

const upToDate = (page: Page) => page.getByRole('button', { name: 'Sync status: Up to date' });

/** What of a page is not the device's own: the router's error page, a page whose code is missing, a spinner still turning. */
function notFromDevice(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
    const found: string[] = [];
    if (document.body.innerText.includes('Unexpected Application Error!')) found.push('the router’s error page');
    if (document.querySelector('[data-testid="page-not-on-device"]')) found.push('a page not on the device');
    if ([...document.querySelectorAll('.chakra-spinner')].some(visible)) found.push('a spinner');
    return found;
  });
}

/** The page is the device's own: its heading, no error page, and no spinner left turning. */
async function expectFromDevice(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => notFromDevice(page), { message: heading, timeout: 30_000 }).toEqual([]);
}

/** Every page through the navigation (no reload), then the pages to reload loaded afresh (a reload each). */
async function walkOffline(page: Page, pages: ReadonlyArray<readonly [string, string]>, reloaded = pages): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [path, heading] of pages) {
    await nav.locator(`a[href="${path}"]`).click();
    await expectFromDevice(page, heading);
  }
  for (const [path, heading] of reloaded) {
    await page.goto(path);
    await expectFromDevice(page, heading);
  }
}

async function chooseParties(page: Page): Promise<void> {
  const organization = page.getByRole('combobox', { name: /^Organization/ });
  await expect(organization.locator('option', { hasText: ORGANIZATION })).toHaveCount(1, { timeout: 30_000 });
  await organization.selectOption((await organization.locator('option', { hasText: ORGANIZATION }).first().getAttribute('value')) ?? '');
  const provider = page.getByRole('combobox', { name: /^Provider/ });
  const providerOption = provider.locator('option', { hasText: `NPI ${PROVIDER_NPI}` });
  await expect(providerOption).toHaveCount(1);
  await provider.selectOption((await providerOption.getAttribute('value')) ?? '');
  await page.getByLabel('Find the patient', { exact: true }).fill(PATIENT.search);
  await page.getByRole('button', { name: PATIENT.choice }).first().click();
  await page.getByLabel('Who pays').selectOption('client');
}

async function addTestAndSubmit(page: Page): Promise<{ id: string; requisition: string }> {
  await page.getByLabel('Add a test', { exact: true }).fill('HBA1C');
  await page.getByLabel('Add a test', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const requisition = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Order ', '');
  return { id: page.url().split('/').pop()!, requisition };
}

/** The half-entered order is back, as it was typed. */
async function expectRestored(page: Page, comments: string): Promise<void> {
  await expect(page.getByTestId('draft-restored')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Comments')).toHaveValue(comments);
  await expect(page.locator('#step-patient')).toContainText('Whitfield, Eleanor');
  await expect(page.getByRole('combobox', { name: /^Provider/ }).locator('option:checked')).toContainText(`NPI ${PROVIDER_NPI}`);
}

async function ordersOnServer(requisition: string): Promise<number> {
  return (await service<unknown[]>(`${STACK_URL}/rest/v1/orders?requisition_number=eq.${requisition}&select=id`)).length;
}

test('staff on a new device: offline after "Up to date" every page opens from the device, a half-entered order survives reloads and a killed browser, and orders sent offline arrive once', async ({ baseURL }) => {
  test.setTimeout(600_000);
  const profile = newProfileDir('labdir-new-device');
  let context: BrowserContext | null = await launchProfile(profile, baseURL);
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, STAFF.email, STAFF.password);
    await expect(upToDate(page)).toBeVisible({ timeout: 120_000 });
    await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/providers"]').click();
    const providerCount = await page.getByTestId('provider-count').textContent();

    // The connection drops in the first session, without a reload.
    await context.setOffline(true);
    await walkOffline(page, STAFF_PAGES);
    // The reloaded list is the device's whole copy.
    await page.goto('/providers');
    await expect(page.getByTestId('provider-rows').getByRole('row').first()).toBeVisible();
    await expect(page.getByTestId('provider-count')).toHaveText(providerCount ?? '');
    // An order's page: its Activity needs the server and says so, instead of spinning.
    await page.goto('/orders');
    await page.getByTestId('order-row').first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Activity' }).getByTestId('audit-feed-problem')).toHaveText(
      'You are offline. This shows what this device loaded before; older entries load when you are back online.',
    );
    await expect.poll(() => notFromDevice(page)).toEqual([]);

    // An order entered and submitted offline, in the device's first session, waits.
    await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/orders/entry"]').click();
    await chooseParties(page);
    const sentOffline = await addTestAndSubmit(page);
    await expect(page.getByTestId('order-sync-state')).toHaveText('Waiting to send');

    // A second order, half entered: kept as typed, back after a reload, offline.
    const comments = `Draft marker ${randomUUID().slice(0, 8)}: fasting since 8 pm`;
    await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/orders/entry"]').click();
    await chooseParties(page);
    const typedAt = Date.now();
    await page.getByLabel('Comments').fill(comments);
    await expect(page.getByTestId('draft-status')).toHaveText('Draft saved on this device.');
    // The note said so already for the parties: the reload waits for the write of what was typed
    // (written at least DRAFT_WRITE_DELAY_MS after it), not an earlier one.
    await expect
      .poll(async () => Number(await page.getByTestId('draft-status').getAttribute('data-saved-at')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(typedAt + DRAFT_WRITE_DELAY_MS);
    await page.reload();
    await expectRestored(page, comments);

    // The browser is killed (a tablet's OS closing it), offline: it comes back on restart.
    await killContext(context, profile);
    context = null;
    // Nothing of the draft can be read in the profile's files; the records' ids can (the check finds what is there).
    const files = indexedDbFiles(profile);
    expect(files).toContain(sentOffline.id);
    for (const secret of [comments, 'Draft marker', 'fasting since 8 pm']) expect(files, secret).not.toContain(secret);
    context = await launchProfile(profile, baseURL);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/orders/entry');
    await expectRestored(page, comments);

    // Online again: a reload and a killed browser bring it back too.
    await context.setOffline(false);
    await page.reload();
    await expectRestored(page, comments);
    await killContext(context, profile);
    context = await launchProfile(profile, baseURL);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/orders/entry');
    await expectRestored(page, comments);
    const completed = await addTestAndSubmit(page);
    await expect(page.getByTestId('order-sync-state')).toHaveText('Sent', { timeout: 60_000 });
    // Submitting ended the draft: the entry page starts empty.
    await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/orders/entry"]').click();
    await expect(page.getByLabel('Comments')).toHaveValue('');
    await expect(page.getByTestId('draft-restored')).toHaveCount(0);

    // The order sent offline reaches the laboratory, once; the device is up to date.
    await service(`${STACK_URL}/__simulator/scheduler/run/lis-deliver`, { method: 'POST' });
    await page.goto(`/orders/${sentOffline.id}`);
    await expect(page.getByTestId('order-lab-delivery-text')).toContainText('Received by the laboratory', { timeout: 60_000 });
    const taken = await service<Array<{ ackCode: string }>>(`${STACK_URL}/__simulator/lis/messages?requisition=${sentOffline.requisition}`);
    expect(taken.map((message) => message.ackCode)).toEqual(['AA']);
    expect(await ordersOnServer(sentOffline.requisition)).toBe(1);
    expect(await ordersOnServer(completed.requisition)).toBe(1);
    await expect(upToDate(page)).toBeVisible({ timeout: 60_000 });
  } finally {
    await context?.close().catch(() => undefined);
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('an admin on a new device: offline after "Up to date", every page of the admin navigation opens from the device', async ({ browser }) => {
  test.setTimeout(360_000);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(upToDate(page)).toBeVisible({ timeout: 120_000 });
    await context.setOffline(true);
    // The staff journey reloads every page the two navigations share: here, the admin's own.
    await walkOffline(page, ADMIN_PAGES, ADMIN_PAGES.filter(([path]) => !STAFF_PAGES.some(([staffPath]) => staffPath === path)));
  } finally {
    await context.close();
  }
});

test('staff whose connection drops before the first download finished: the pages say what is missing and fill in once online, nothing lost', async ({ browser }) => {
  test.setTimeout(240_000);
  const [organization] = await service<Array<{ id: string }>>(`${STACK_URL}/rest/v1/organizations?legal_name=like.Capital%20Region*&select=id&limit=1`);
  const notes = `Typed while the download was cut short ${randomUUID().slice(0, 8)}`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The providers and the reference data are still on their way when the connection drops.
    const held: Array<{ abort(code: string): Promise<void> }> = [];
    const pending = /\/rest\/v1\/providers\?|\/functions\/v1\/reference-data/;
    await context.route(pending, (route) => (route.request().method() === 'GET' ? void held.push(route) : route.continue()));
    await signIn(page, STAFF.email, STAFF.password);
    // The app itself is on the device (the service worker controls the page) before the connection drops.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 180_000 }).toBe(true);
    await expect.poll(() => held.length, { timeout: 60_000 }).toBeGreaterThan(1);
    await expect(upToDate(page)).toHaveCount(0);
    await context.setOffline(true);
    await context.unroute(pending);
    for (const route of held.splice(0)) await route.abort('internetdisconnected').catch(() => undefined);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const partial = 'This device is still downloading its copy: the list shows what has arrived so far. The download continues when the connection is back.';
    const noCompendium = 'The test compendium has not reached this device yet. Connect to the internet once to download it.';
    await nav.locator('a[href="/providers"]').click();
    await expect(page.getByText(partial)).toBeVisible({ timeout: 30_000 });
    await nav.locator('a[href="/orders/entry"]').click();
    await expect(page.getByText(noCompendium)).toBeVisible({ timeout: 30_000 });
    // Reloaded offline, the pages are the device's, and still say what is missing.
    await page.reload();
    await expect(page.getByText(noCompendium)).toBeVisible({ timeout: 30_000 });
    await page.goto('/providers');
    await expect(page.getByText(partial)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'offline');
    // Work goes on meanwhile: an organization's notes changed offline.
    await page.goto(`/organizations/${organization!.id}/manage/edit`);
    const form = page.getByTestId('edit-organization-form');
    await form.getByLabel('Notes').fill(notes);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('toast').first()).toBeVisible();

    // Back online: the download finishes, the pages fill in, and the edit reaches the server.
    await context.setOffline(false);
    await expect(upToDate(page)).toBeVisible({ timeout: 120_000 });
    await nav.locator('a[href="/providers"]').click();
    await expect(page.getByTestId('provider-rows').getByRole('row').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(partial)).toHaveCount(0);
    await nav.locator('a[href="/orders/entry"]').click();
    await expect(page.getByRole('combobox', { name: /^Organization/ })).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => (await service<Array<{ notes: string | null }>>(`${STACK_URL}/rest/v1/organizations?id=eq.${organization!.id}&select=notes`))[0]?.notes, { timeout: 60_000 })
      .toBe(notes);
  } finally {
    await context.close();
  }
});
