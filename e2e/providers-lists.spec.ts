/**
 * Journey: staff find providers (spec §2, §4, §5). The three lists with their titles,
 * columns, order and Add Provider; live search in each list's scope; each empty state,
 * with and without a search; the keyboard (`/`, Escape, rows that open on Enter); a new
 * device served by the server while its first download runs (issue 28), the spinner while
 * nothing has answered yet, and the spec §8 error when both fail.
 */
import { expect, test, type Page } from '@playwright/test';
import { STAFF, signIn, toastWith } from './support/session.ts';
import { openList, providerRow, rowNames, SEED } from './support/providers.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search providers' });
const emptyState = (page: Page) => page.getByTestId('provider-list-empty');

/** The row of a provider, brought on screen by searching for it (the list is virtualized). */
async function findRow(page: Page, name: string) {
  await search(page).fill(name);
  const row = providerRow(page, name);
  await expect(row).toBeVisible();
  return row;
}

async function signInAsStaff(page: Page): Promise<void> {
  await signIn(page, STAFF.email, STAFF.password);
  // Generous: on a loaded machine the app's first load after sign-in can take a while.
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 60_000 });
}

// One signed-in page for the journeys of this block: each opens its list by address, and a
// sign-in per journey cost more than the journeys themselves.
test.describe('as staff', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInAsStaff(page);
  });
  test.afterAll(async () => {
    await page.close();
  });

  test('/providers lists every provider by last name, with the spec columns and status', async () => {
    await openList(page, '/providers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Providers');
    await expect(page.getByRole('heading', { name: 'Find Providers' })).toBeVisible();
    await expect(search(page)).toHaveAttribute('placeholder', 'Search by name or NPI...');
    await expect(page.getByRole('columnheader')).toHaveText(['Provider', 'NPI', 'Specialty', 'Status', 'PECOS', 'Actions']);

    // Sorted by last name: the rows on screen (the list is virtualized) are in order.
    const names = await rowNames(page);
    expect(names.length).toBeGreaterThan(5);
    const lastNames = names.map((name) => name.replace(/,.*$/, '').split(' ').slice(-1)[0]!.toLowerCase());
    expect(lastNames).toEqual([...lastNames].sort());
    const seeded = ['George Abernathy, WHNP-BC', 'Benjamin Allen, APRN', 'Natalie Anderson, MD'].map((name) => names.indexOf(name));
    expect(seeded.every((index) => index >= 0)).toBe(true);
    expect(seeded).toEqual([...seeded].sort((a, b) => a - b));

    await expect((await findRow(page, SEED.bergstrom.name)).getByText('Inactive', { exact: true })).toBeVisible();
    const okafor = await findRow(page, SEED.okafor.name);
    await expect(okafor.getByText('Active', { exact: true })).toBeVisible();
    await expect(okafor.getByRole('cell').nth(1)).toHaveText(SEED.okafor.npi);
    await expect(okafor.getByRole('cell').nth(2)).toHaveText('Internal Medicine');
    const whitfield = await findRow(page, SEED.whitfield.name);
    await expect(whitfield.getByRole('cell').nth(1)).toHaveText('—');

    await page.getByRole('link', { name: 'Add Provider' }).click();
    await expect(page).toHaveURL(/\/providers\/type-selection$/);
  });

  test('the header over the list is opaque and not blurred, so a keystroke re-filters nothing behind it', async () => {
    await openList(page, '/providers');
    const header = await page.getByTestId('app-header').evaluate((element) => {
      const style = getComputedStyle(element);
      return { backdropFilter: style.backdropFilter, background: style.backgroundColor };
    });
    expect(header.backdropFilter).toBe('none');
    // An opaque colour computes as rgb(); a translucent one as rgba() or color-mix().
    expect(header.background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  });

  test('the PECOS column shows each state of spec §4 and the Medicare ordering flag', async () => {
    await openList(page, '/providers');
    const okafor = await findRow(page, SEED.okafor.name);
    await expect(okafor.locator('[data-pecos]')).toHaveAttribute('data-pecos', 'enrolled');
    await expect(okafor.getByRole('img', { name: 'Enrolled in PECOS' })).toBeVisible();
    await expect(okafor.getByRole('img', { name: /^Last verified: [A-Z][a-z]{2} \d{1,2}, \d{4}$/ })).toBeVisible();
    await expect(okafor.getByLabel('May order Medicare lab tests')).toBeVisible();

    const park = await findRow(page, 'Linda Park');
    await expect(park.getByRole('img', { name: 'Not enrolled in PECOS' })).toBeVisible();

    const whitfield = await findRow(page, SEED.whitfield.name);
    await expect(whitfield.getByRole('img', { name: 'NPI required for PECOS verification' })).toBeVisible();

    const kowalczyk = await findRow(page, SEED.kowalczyk.name);
    await expect(kowalczyk.getByText('Not verified')).toBeVisible();
    await expect(kowalczyk.getByRole('img', { name: 'Never' })).toBeVisible();

    // The clock's tooltip, as a mouse user sees it (after the 700 ms delay).
    const clock = kowalczyk.getByRole('img', { name: 'Never' });
    await clock.hover();
    const box = await clock.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2);
    await expect(page.getByRole('tooltip')).toHaveText('Never');
  });

  test('search on /providers matches first name, last name or NPI, case-insensitively', async () => {
    await openList(page, '/providers');
    await search(page).fill('OKAF');
    await expect.poll(() => rowNames(page)).toEqual(['Samuel Okafor, MD']);
    await expect(page.getByTestId('provider-count')).toHaveText(/^1 of \d+ providers$/);
    await search(page).fill('samuel');
    await expect(providerRow(page, SEED.okafor.name)).toBeVisible();
    await search(page).fill('0246816');
    await expect.poll(() => rowNames(page)).toEqual(['Samuel Okafor, MD']);
    await search(page).fill('whitf');
    await expect.poll(() => rowNames(page)).toEqual(['Karen Whitfield']);

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search(page)).toHaveValue('');
    await expect(search(page)).toBeFocused();
    await expect(page.getByTestId('provider-count')).toHaveText(/^\d+ providers$/);
    await expect(providerRow(page, 'George Abernathy')).toBeVisible();
  });

  test('/providers/healthcare lists providers with an NPI and searches names and NPIs', async () => {
    await openList(page, '/providers/healthcare');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Healthcare Providers');
    await expect(providerRow(page, SEED.whitfield.name)).toHaveCount(0);
    await search(page).fill(SEED.obrien.npi);
    await expect.poll(() => rowNames(page)).toEqual(["Sean O'Brien, DO"]);
    await search(page).fill("o'brien");
    await expect.poll(() => rowNames(page)).toEqual(["Sean O'Brien, DO"]);

    await search(page).fill('whitfield');
    await expect(emptyState(page)).toBeVisible();
    await expect(emptyState(page).getByRole('heading')).toHaveText('No Healthcare Providers Found');
    await expect(emptyState(page)).toContainText('No healthcare providers match your search criteria. Try a different search.');
    await expect(emptyState(page).getByRole('link', { name: 'Add Provider' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Add Provider' }).click();
    await expect(page).toHaveURL(/\/providers\/type-selection$/);
  });

  test('/providers/non-healthcare lists providers without an NPI and searches names only', async () => {
    await openList(page, '/providers/non-healthcare');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Non-Healthcare Providers');
    await expect(providerRow(page, SEED.okafor.name)).toHaveCount(0);
    await search(page).fill('KAREN');
    await expect.poll(() => rowNames(page)).toEqual(['Karen Whitfield']);

    // An NPI is not searched on this list.
    await search(page).fill(SEED.okafor.npi);
    await expect(emptyState(page).getByRole('heading')).toHaveText('No Non-Healthcare Providers Found');
    await expect(emptyState(page)).toContainText('No non-healthcare providers match your search criteria. Try a different search.');
  });

  test('a search with no match shows the empty state of /providers', async () => {
    await openList(page, '/providers');
    await search(page).fill('zzqx no such provider');
    await expect(emptyState(page).getByRole('heading')).toHaveText('No Providers Found');
    await expect(emptyState(page)).toContainText('No providers match your search criteria. Try a different search.');
    await expect(page.getByTestId('provider-table')).toHaveCount(0);
  });

  test('the keyboard: / focuses the search, Escape clears it, rows open on Enter', async () => {
    await openList(page, '/providers');
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    await expect(search(page)).toBeFocused();
    await page.keyboard.type('okafor');
    await expect.poll(() => rowNames(page)).toEqual(['Samuel Okafor, MD']);
    await page.keyboard.press('Escape');
    await expect(search(page)).toHaveValue('');

    // One tab stop for the whole table (a roving tab index, as data grids have): Tab from
    // the search lands on the first row, the next Tab leaves the table.
    const rows = page.getByTestId('provider-rows');
    const tabStops = () => page.getByTestId('provider-table').evaluate((table) => [...table.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex]')].filter((element) => element.tabIndex >= 0).length);
    await expect.poll(tabStops).toBe(1);
    await search(page).focus();
    await page.keyboard.press('Tab');
    const first = rows.getByRole('row').first();
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const second = rows.locator('[aria-rowindex="3"]');
    await expect(second).toBeFocused();
    await expect.poll(tabStops).toBe(1);
    // The row's verify button is reached with the arrow keys, and left with Escape.
    await page.keyboard.press('ArrowRight');
    await expect(second.getByRole('button', { name: /^Verify PECOS|^NPI required/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(second).toBeFocused();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => !document.activeElement?.closest('[data-testid="provider-table"]'))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect(second).toBeFocused();
    const id = await second.getAttribute('data-provider-id');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/providers/${id}/manage/edit$`));
    // The new page's heading takes the focus (not the document's top, not the gone row).
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // After a sidebar link, focus goes to the new page, not left in the sidebar.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeFocused();
  });

  test('a row click opens the provider', async () => {
    await openList(page, '/providers');
    await (await findRow(page, SEED.okafor.name)).getByText(SEED.okafor.npi).click();
    await expect(page).toHaveURL(new RegExp(`/providers/${SEED.okafor.id}/manage/edit$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Samuel Okafor, MD');
  });
});

test('a new device lists and finds providers from the server while its first download is held, then from its own copy', async ({ page }) => {
  // Under 40 s on an idle machine; room for a shared, loaded one.
  test.setTimeout(180_000);
  // Hold the download of the providers (their pulls and their count) until released.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/providers?*', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await signInAsStaff(page);
  await page.goto('/providers');
  const note = page.getByTestId('provider-list-copy');
  await expect(note).toContainText('This device is still downloading its copy: until it is complete, the list and search come from the server.', { timeout: 60_000 });
  await expect(note.getByTestId('provider-list-copy-progress')).toContainText('records downloaded');
  await expect(note.getByRole('progressbar')).toBeVisible();
  await expect(providerRow(page, 'George Abernathy')).toBeVisible({ timeout: 30_000 });
  // The rows at the top (how many are mounted depends on the room the note leaves).
  const top = async () => (await rowNames(page)).slice(0, 6);
  const firstRows = await top();
  const count = await page.getByTestId('provider-count').textContent();

  await search(page).fill('okafor');
  await expect.poll(() => rowNames(page)).toEqual(['Samuel Okafor, MD']);
  await expect(page.getByTestId('provider-count')).toHaveText(`1 of ${count}`);
  await page.screenshot({ path: test.info().outputPath('new-device-from-server.png'), fullPage: true });
  await search(page).fill('');
  await expect.poll(top).toEqual(firstRows);

  release();
  await expect(note).toHaveCount(0, { timeout: 60_000 });
  // The same rows, order and count from this device's copy.
  expect(await top()).toEqual(firstRows);
  await expect(page.getByTestId('provider-count')).toHaveText(count ?? '');
  await search(page).fill('okafor');
  await expect.poll(() => rowNames(page)).toEqual(['Samuel Okafor, MD']);
  await providerRow(page, 'Samuel Okafor').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Samuel Okafor, MD');
});

test('a spinner shows while neither the server nor the first download has answered', async ({ page }) => {
  // Slow the server's first page and the download down so the spinner is certainly on screen.
  for (const pattern of ['**/rest/v1/providers?*', '**/rest/v1/rpc/directory_providers*']) {
    await page.route(pattern, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
  }
  await signInAsStaff(page);
  await page.goto('/providers');
  await expect(page.getByTestId('provider-list-loading')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /providers/i })).toBeVisible();
  await expect(providerRow(page, 'George Abernathy')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('provider-list-loading')).toHaveCount(0);
});

// One list's failure is the journey; each list's own words are asserted in
// src/features/providers/list/list-texts.test.ts.
for (const { path, message } of [{ path: '/providers', message: 'Failed to fetch providers. Please try again.' }]) {
  test(`a failed first download of ${path} says '${message}', and Try again recovers`, async ({ page }) => {
    let failing = true;
    // The download and the server's pages both fail: nothing can be shown.
    for (const pattern of ['**/rest/v1/providers?*', '**/rest/v1/rpc/directory_providers*']) {
      await page.route(pattern, async (route) => {
        if (!failing) return route.continue();
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service Unavailable' }) });
      });
    }
    await signInAsStaff(page);
    await page.goto(path);
    await expect(toastWith(page, 'Error').filter({ hasText: message })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('provider-list-error')).toContainText(message);

    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(providerRow(page, 'George Abernathy')).toBeVisible({ timeout: 60_000 });
  });
}

// The "nothing added yet" empty states are not a journey any more: staff always see the
// directory, and a provider's own login is routed to /my-provider (issue 25). Their texts are
// asserted in src/features/providers/model/provider-texts.test.ts.
