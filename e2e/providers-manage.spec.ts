/**
 * Journey: a provider's manage page (spec §2, §5, §7, §8): breadcrumb, title, tabs chosen by
 * the path, the id lowercased and trimmed, 'Provider Not Found'; the Profile tab's details,
 * Dates and Organizations; the edit panel's texts and each validation message; a save that
 * reaches the server; the two failures: the details refused by the server ('Failed to
 * update provider information', no success toast) and the taxonomy data refused alone (the
 * 'Warning', and the success toast still shows).
 */
import { expect, test, type Page } from '@playwright/test';
import { sharedSignedInPage, signIn, toastWith } from './support/session.ts';
import { PROVIDER_LOGIN, SEED, serverProvider } from './support/providers.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

const managePath = (id: string, tab = 'edit') => `/providers/${id}/manage/${tab}`;

const staff = sharedSignedInPage();

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
}

/** Opens the Profile tab once this browser's first download is over (saves then push at once). */
async function openEdit(page: Page, id: string): Promise<void> {
  await open(page, managePath(id));
  await expect(page.getByRole('heading', { name: 'Edit Provider Information' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 60_000 });
}

const form = (page: Page) => page.getByTestId('edit-provider-form');

test('the page has the breadcrumb, the title with the credential, and tabs chosen by the path', async () => {
  const page = staff();
  await open(page, `/providers/%20${SEED.okafor.id.toUpperCase()}%20/manage/edit`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Samuel Okafor, MD', { timeout: 60_000 });
  const breadcrumb = page.getByRole('navigation', { name: /breadcrumb/i });
  await expect(breadcrumb.getByRole('link', { name: 'Providers' })).toHaveAttribute('href', '/providers');
  await expect(breadcrumb).toContainText('Samuel Okafor');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Preferences' }).click();
  await expect(page).toHaveURL(new RegExp(`${SEED.okafor.id}/manage/preferences$`));
  await expect(page.getByRole('tab', { name: 'Preferences' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('provider-preferences-card').getByRole('heading', { name: 'Provider Preferences' })).toBeVisible();

  // Delegates is a tab of its own (it used to highlight Profile).
  await page.getByRole('tab', { name: 'Delegates' }).click();
  await expect(page).toHaveURL(new RegExp(`${SEED.okafor.id}/manage/delegates$`));
  await expect(page.getByRole('tab', { name: 'Delegates' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByTestId('provider-delegates-card').getByRole('heading', { name: 'Provider Delegates' })).toBeVisible();

  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`${SEED.okafor.id}/manage/edit$`));
  await breadcrumb.getByRole('link', { name: 'Providers' }).click();
  await expect(page).toHaveURL(/\/providers$/);
});

test('an unknown provider shows Provider Not Found with a way back', async () => {
  const page = staff();
  await open(page, managePath('00000000-0000-4000-8000-00000000dead'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Provider Not Found', { timeout: 60_000 });
  await expect(page.getByText("The provider you're looking for couldn't be found.")).toBeVisible();
  await page.getByRole('link', { name: 'Return to Providers' }).click();
  await expect(page).toHaveURL(/\/providers$/);
});

test('the Profile tab shows details, Dates and Organizations as the spec formats them', async () => {
  const page = staff();
  await openEdit(page, SEED.okafor.id);
  const details = page.getByTestId('provider-details');
  await expect(details).toContainText(SEED.okafor.npi);
  await expect(details).toContainText('(802) 555-0194');
  const dates = page.getByTestId('provider-dates');
  await expect(dates).toContainText(/Date Created\s*June 19, 2025/);
  await expect(dates).toContainText(/Last NPPES Refresh\s*[A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(dates).toContainText(/Last Updated\s*[A-Z][a-z]+ \d{1,2}, \d{4}/);
  const organizations = page.getByTestId('provider-organizations');
  await expect(organizations).toContainText('Green Mountain Internal Medicine');
  await expect(organizations).toContainText('Default');

  // Without registry data the NPPES refresh date is 'Not available'; empty inputs are empty.
  await page.goto(managePath(SEED.whitfield.id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Karen Whitfield');
  await expect(page.getByTestId('provider-dates')).toContainText(/Last NPPES Refresh\s*Not available/);
  await expect(form(page).getByLabel('Credential (MD, DO, NP, etc)')).toHaveValue('');
  await expect(form(page).getByLabel('Taxonomy code')).toHaveValue('');
});

test('the edit panel has the spec placeholders and labels, and shows each validation message', async () => {
  const page = staff();
  await openEdit(page, SEED.mcallister.id);
  const placeholders = [
    'First name',
    'Last name',
    'Nickname (optional)',
    'Credentials (optional)',
    'Email (optional)',
    'Phone (optional)',
    'Taxonomy Code',
    'Taxonomy Description',
    'Primary State',
    'License Number',
  ];
  for (const placeholder of placeholders) await expect(form(page).getByPlaceholder(placeholder, { exact: true })).toBeVisible();
  await expect(form(page).getByLabel('Credential (MD, DO, NP, etc)')).toHaveValue('DO');

  await form(page).getByLabel('First name').fill('   ');
  await form(page).getByLabel('Last name').fill('');
  await form(page).getByLabel('Email').fill('mei@');
  await form(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(form(page).getByText('First name is required')).toBeVisible();
  await expect(form(page).getByText('Last name is required')).toBeVisible();
  await expect(form(page).getByText('Invalid email format')).toBeVisible();
  await expect(toastWith(page, 'Success')).toHaveCount(0);

  // Cancel puts the saved values back.
  await form(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(form(page).getByLabel('First name')).toHaveValue('Mei');
  await expect(form(page).getByText('First name is required')).toHaveCount(0);
});

test('saving writes both parts, reads Saving... meanwhile, and reaches the server', async () => {
  const page = staff();
  await openEdit(page, SEED.mcallister.id);
  // Hold the push until the saving state has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/rpc/sync_push', async (route) => {
    await held;
    await route.continue();
  });
  await form(page).getByLabel('Nickname').fill('Mei-Mei');
  await form(page).getByLabel('Phone').fill('845 555 0101');
  await form(page).getByLabel('Primary state').fill('NY');
  await form(page).getByLabel('License number').fill('NY-20261121');
  await form(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(form(page).getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(form(page).getByLabel('First name')).toBeDisabled();
  release();

  await expect(toastWith(page, 'Success')).toContainText('Provider information updated successfully', { timeout: 60_000 });
  await expect(toastWith(page, 'Warning')).toHaveCount(0);
  await expect(form(page).getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  await expect(page.getByTestId('provider-details')).toContainText('(845) 555-0101');

  const row = await serverProvider(SEED.mcallister.id);
  expect(row).toMatchObject({ nickname: 'Mei-Mei', phone: '845 555 0101' });
  const primary = (row.nppes_data as { results: Array<{ taxonomies: Array<Record<string, unknown>> }> }).results[0]!.taxonomies.find(
    (taxonomy) => taxonomy.primary === true,
  );
  expect(primary).toMatchObject({ state: 'NY', license: 'NY-20261121' });
  await page.unroute('**/rest/v1/rpc/sync_push');
});

// fixme: this journey provoked the refusal with a provider's own login editing its record,
// and such logins are now routed to /my-provider (issue 25); it needs another refused edit
// (a staff edit the server refuses) to reach the same error path.
test.fixme('details the server refuses: Failed to update provider information, and no success toast', async ({ browser }) => {
  // A provider's own login may read its record but not change it (row-level security).
  const page = await browser.newPage();
  await signIn(page, PROVIDER_LOGIN.email, PROVIDER_LOGIN.password);
  await openEdit(page, SEED.okafor.id);
  await form(page).getByLabel('First name').fill('Sam');
  await form(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Error')).toContainText('Failed to update provider information', { timeout: 60_000 });
  await expect(toastWith(page, 'Success')).toHaveCount(0);
  expect((await serverProvider(SEED.okafor.id)).first_name).toBe('Samuel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Samuel Okafor, MD');
});

test('taxonomy data the server refuses alone: the Warning, and the success toast still shows', async () => {
  const page = staff();
  const NEW_LICENSE = 'NY-2026-REFUSED';
  await openEdit(page, SEED.lindqvist.id);
  // The schema has no rule that refuses only nppes_data, so the push of that change is
  // answered the way sync_push answers a refused row: rejected, with the server's row.
  await page.route('**/rest/v1/rpc/sync_push', async (route) => {
    const body = route.request().postDataJSON() as { p_table: string; p_rows: Array<{ new: Record<string, unknown>; assumed: Record<string, unknown> | null }> };
    const row = body.p_rows.find((candidate) => candidate.new.id === SEED.lindqvist.id);
    if (body.p_table !== 'providers' || !row || !JSON.stringify(row.new.nppes_data).includes(NEW_LICENSE)) {
      return route.continue();
    }
    const master = await serverProvider(SEED.lindqvist.id);
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        conflicts: [],
        rejected: [{ id: SEED.lindqvist.id, code: '23514', message: 'new row violates check constraint "providers_nppes_data_check"', master }],
      }),
    });
  });
  await form(page).getByLabel('Nickname').fill('Raj L.');
  await form(page).getByLabel('License number').fill(NEW_LICENSE);
  await form(page).getByRole('button', { name: 'Save Changes' }).click();

  await expect(toastWith(page, 'Warning')).toContainText('Provider information updated but there was an issue with the taxonomy data', {
    timeout: 60_000,
  });
  await expect(toastWith(page, 'Success')).toContainText('Provider information updated successfully');
  const row = await serverProvider(SEED.lindqvist.id);
  expect(row.nickname).toBe('Raj L.');
  expect(JSON.stringify(row.nppes_data)).not.toContain(NEW_LICENSE);
});
