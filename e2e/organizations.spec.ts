/**
 * Journey (issue 24): a staff member adds a healthcare organization by its NPI (type
 * selection, the registry lookup with its DBA and authorized official, the form prefilled
 * from it with the next free account number), finds it in the organization list by account
 * number, and edits it; adds a contact and links two providers on the People tab; every
 * change reaches the server. Then the memberships list: one deactivated and reactivated. Shots of each
 * step go to test-results/screenshots/organizations-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { SERVICE_ROLE_KEY, STACK_URL } from './support/env.ts';
import { STAFF, signIn, toastWith } from './support/session.ts';
import { useInstalledApp } from './support/add-provider.ts';

test.describe.configure({ timeout: 300_000 });

/** ADIRONDACK PEDIATRIC ASSOCIATES PC (supabase/local/simulator/FIXTURES.md), not seeded. */
const NEW_ORGANIZATION_NPI = '1973110046';

/** RACHEL M GOLDSTEIN, M.D., a Type 1 NPI marked sole proprietor (FIXTURES.md `newSoleProprietor`), not seeded. */
const NEW_SOLE_PROPRIETOR_NPI = '1654321011';

/** The non-healthcare client-bill account the journey adds (no NPI: found by its name). */
const NEW_CLIENT_BILL_NAME = 'Hudson Valley Employer Health Program';

/** Capital Region Medical Group PLLC (supabase/seed/demo-organizations.ts). */
const CAPITAL_REGION = '0c4f3311-8455-5ee2-9cec-f67e51c00036';
const HUDSON_VALLEY = 'aa2a16bc-afe8-54ca-ba41-e9ca7910ffae';

const headers = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };

async function serverOrganizationsWhere(filter: string): Promise<Array<{ id: string; legal_name: string; account_number: string; phone: string | null; notes: string | null; pickup_schedule: unknown }>> {
  const response = await fetch(`${STACK_URL}/rest/v1/organizations?${filter}&_deleted=is.false&select=*`, { headers });
  return (await response.json()) as Array<{ id: string; legal_name: string; account_number: string; phone: string | null; notes: string | null; pickup_schedule: unknown }>;
}

async function serverOrganizations(npi: string): Promise<Array<{ id: string; legal_name: string; account_number: string; phone: string | null; dba_name: string | null }>> {
  const response = await fetch(`${STACK_URL}/rest/v1/organizations?npi=eq.${npi}&_deleted=is.false&select=*`, { headers });
  return (await response.json()) as Array<{ id: string; legal_name: string; account_number: string; phone: string | null; dba_name: string | null }>;
}

interface ServerProvider {
  id: string;
  npi: string;
  last_name: string;
}

async function twoProviders(): Promise<ServerProvider[]> {
  const response = await fetch(`${STACK_URL}/rest/v1/providers?is_active=is.true&_deleted=is.false&npi=not.is.null&select=id,npi,last_name&order=last_name&limit=2`, { headers });
  return (await response.json()) as ServerProvider[];
}

async function serverMemberships(organizationId: string): Promise<Array<{ provider_id: string; is_active: boolean }>> {
  const response = await fetch(`${STACK_URL}/rest/v1/provider_organization_memberships?organization_id=eq.${organizationId}&_deleted=is.false&select=provider_id,is_active`, { headers });
  return (await response.json()) as Array<{ provider_id: string; is_active: boolean }>;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/organizations-${name}.png`, fullPage: true, animations: 'disabled' });
}

test.beforeEach(async ({ page }) => {
  // A run against a stack a previous run used: the organization is added again from scratch.
  await fetch(`${STACK_URL}/rest/v1/organizations?npi=in.(${NEW_ORGANIZATION_NPI},${NEW_SOLE_PROPRIETOR_NPI})`, { method: 'DELETE', headers });
  await fetch(`${STACK_URL}/rest/v1/organizations?legal_name=eq.${encodeURIComponent(NEW_CLIENT_BILL_NAME)}`, { method: 'DELETE', headers });
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
});

test('a healthcare organization, a sole proprietor and a client-bill account are added, scheduled, staffed, and found and edited offline', async ({ page }) => {
  await page.goto('/organizations');
  const rows = page.getByTestId('organization-rows');
  await expect(rows.getByRole('row').filter({ hasText: 'Capital Region Medical Group PLLC' })).toBeVisible({ timeout: 60_000 });
  await shot(page, '1-list');

  await page.getByRole('link', { name: 'Add Organization' }).first().click();
  await expect(page).toHaveURL(/\/organizations\/type-selection$/);
  await page.getByRole('button', { name: 'Healthcare Organization', exact: true }).click();
  await expect(page).toHaveURL(/\/organizations\/lookup$/);
  await expect(page.getByRole('button', { name: 'Verify NPI' })).toBeDisabled();
  await page.getByTestId('npi-input').fill(NEW_ORGANIZATION_NPI);
  await page.getByRole('button', { name: 'Verify NPI' }).click();
  const result = page.getByTestId('organization-lookup-result');
  await expect(result).toContainText('Adirondack Pediatric Associates PC');
  await expect(result).toContainText('Organization (Type 2)');
  await expect(result).toContainText('Adirondack Kids Care (Doing Business As)');
  await expect(result).toContainText('Margaret L Holloway');
  await expect(page.getByTestId('organization-lookup-issue')).toHaveCount(0);
  await shot(page, '2-lookup');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/organizations\/create$/);
  const form = page.getByTestId('create-organization-form');
  await expect(form.getByLabel('Legal name')).toHaveValue('Adirondack Pediatric Associates PC');
  await expect(form.getByLabel('DBA name')).toHaveValue('Adirondack Kids Care');
  await expect(form.getByLabel('NPI')).toHaveValue(NEW_ORGANIZATION_NPI);
  await expect(form.getByLabel('NPI')).toHaveAttribute('readonly', '');
  const accountNumber = await form.getByLabel('Account number').inputValue();
  expect(accountNumber).toMatch(/^\d{5}$/);
  await expect(form.getByLabel('Practice city')).toHaveValue('Saratoga Springs');
  await shot(page, '3-create');

  // The form refuses a bad CLIA number and writes nothing.
  await form.getByLabel('CLIA number').fill('33X1234567');
  await form.getByRole('button', { name: 'Create Organization' }).click();
  await expect(form.getByText('A CLIA number is 10 characters: two digits, the letter D, then seven digits (e.g. 33D1234567)')).toBeVisible();
  expect(await serverOrganizations(NEW_ORGANIZATION_NPI)).toHaveLength(0);
  await form.getByLabel('CLIA number').fill('33D1234567');
  await form.getByRole('button', { name: 'Create Organization' }).click();

  await expect(toastWith(page, 'Organization Added')).toBeVisible();
  await expect(page).toHaveURL(/\/organizations\/[0-9a-f-]{36}\/manage\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Adirondack Pediatric Associates PC' })).toBeVisible();
  await expect.poll(async () => (await serverOrganizations(NEW_ORGANIZATION_NPI)).map((row) => row.account_number), { timeout: 30_000 }).toEqual([accountNumber]);
  await shot(page, '4-manage');

  await page.getByRole('link', { name: 'Organizations' }).first().click();
  await page.getByRole('searchbox', { name: 'Search organizations' }).fill(accountNumber);
  await expect(page.getByTestId('organization-count')).toContainText('1 of');
  const row = rows.getByRole('row').filter({ hasText: 'Adirondack Pediatric Associates PC' });
  await expect(row).toContainText('Adirondack Kids Care');
  await expect(row).toContainText('Saratoga Springs, NY');
  await row.click();

  const edit = page.getByTestId('edit-organization-form');
  await edit.getByLabel('Phone').fill('(518) 555-0142');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Success')).toBeVisible();
  await expect.poll(async () => (await serverOrganizations(NEW_ORGANIZATION_NPI))[0]?.phone, { timeout: 30_000 }).toBe('(518) 555-0142');

  // People: a contact (the dialog says what is missing first), then two providers of the directory, found by NPI.
  const organizationId = (await serverOrganizations(NEW_ORGANIZATION_NPI))[0]!.id;
  await page.getByRole('tab', { name: 'People' }).click();
  await expect(page).toHaveURL(/\/manage\/people$/);
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const contact = page.getByTestId('contact-dialog');
  await contact.getByRole('button', { name: 'Add Contact' }).click();
  await expect(contact.getByText('Name is required')).toBeVisible();
  await contact.getByLabel('Name').fill('Rita Okafor');
  await contact.getByLabel('Role').fill('Office manager');
  await contact.getByLabel('Phone').fill('(518) 555-0170');
  await contact.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByTestId('organization-contact')).toContainText('Rita Okafor');
  await expect
    .poll(async () => ((await serverOrganizations(NEW_ORGANIZATION_NPI))[0] as unknown as { contacts: Array<{ name: string }> | null }).contacts?.map((entry) => entry.name), { timeout: 30_000 })
    .toEqual(['Rita Okafor']);

  const providers = await twoProviders();
  expect(providers).toHaveLength(2);
  for (const provider of providers) {
    await page.getByRole('button', { name: 'Add Provider' }).click();
    const dialog = page.getByTestId('add-provider-dialog');
    await dialog.getByRole('searchbox', { name: 'Find the provider' }).fill(provider.npi);
    await dialog.getByRole('combobox', { name: 'Provider' }).selectOption(provider.id);
    await dialog.getByRole('button', { name: 'Add Provider' }).click();
    await expect(toastWith(page, 'Provider added to organization successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.getByTestId('organization-member')).toHaveCount(2);
  await expect.poll(async () => (await serverMemberships(organizationId)).filter((row) => row.is_active).length, { timeout: 30_000 }).toBe(2);
  await shot(page, '5-people');
  // Removing is behind the row's menu and asks first; the header counts active providers.
  await expect(page.getByText('2 active providers', { exact: true })).toBeVisible();
  await expect(page.getByTestId('organization-providers').getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  const [kept, removed] = await page.getByTestId('organization-member').getByRole('link').allTextContents();
  await page.getByRole('button', { name: `Actions for ${removed}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from organization' }).click();
  const confirmRemove = page.getByRole('alertdialog');
  await expect(confirmRemove).toContainText(`Remove ${removed}?`);
  await confirmRemove.getByRole('button', { name: 'Remove' }).click();
  // The removed provider moves under "Removed providers" (kept: it can be added back), closed.
  const activeMembers = page.getByRole('list', { name: 'Providers of this organization' }).getByTestId('organization-member');
  await expect(activeMembers).toHaveCount(1);
  await expect(activeMembers).toContainText(kept!);
  await expect(page.getByText('1 active provider', { exact: true })).toBeVisible();
  await expect.poll(async () => (await serverMemberships(organizationId)).filter((row) => row.is_active).length, { timeout: 30_000 }).toBe(1);

  // Schedule: a window that ends before it starts is refused; then two windows and a closure are saved.
  await page.getByRole('tab', { name: 'Schedule' }).click();
  const schedule = page.locator('section[aria-labelledby="courier-schedule-title"]');
  await schedule.getByRole('button', { name: 'Add a Monday window' }).click();
  await schedule.getByLabel('Monday window 1 start').fill('14:00');
  await schedule.getByLabel('Monday window 1 end').fill('09:00');
  await schedule.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByTestId('schedule-problems')).toBeVisible();
  await schedule.getByLabel('Monday window 1 start').fill('09:00');
  await schedule.getByLabel('Monday window 1 end').fill('11:00');
  await schedule.getByRole('button', { name: 'Add a Thursday window' }).click();
  await schedule.getByLabel('Thursday window 1 start').fill('15:00');
  await schedule.getByLabel('Thursday window 1 end').fill('17:30');
  await schedule.getByRole('button', { name: /closure/i }).first().click();
  await schedule.getByLabel('Closure 1 first day').fill('2026-12-24');
  await schedule.getByLabel('Closure 1 last day').fill('2026-12-26');
  await schedule.getByLabel('Closure 1 reason').fill('Holiday closure');
  await schedule.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByTestId('schedule-problems')).toHaveCount(0);
  await expect
    .poll(async () => JSON.stringify((await serverOrganizations(NEW_ORGANIZATION_NPI))[0] ?? {}), { timeout: 30_000 })
    .toContain('Holiday closure');
  await shot(page, '6-schedule');

  // A sole proprietor: the individual NPI that NPPES marks as a sole proprietor.
  await page.goto('/organizations/type-selection');
  await page.getByRole('button', { name: 'Sole Proprietor', exact: true }).click();
  await expect(page).toHaveURL(/\/organizations\/lookup$/);
  await page.getByTestId('npi-input').fill(NEW_SOLE_PROPRIETOR_NPI);
  await page.getByRole('button', { name: 'Verify NPI' }).click();
  await expect(page.getByTestId('organization-lookup-result')).toContainText('Goldstein');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/organizations\/create$/);
  await expect(form.getByLabel('NPI')).toHaveValue(NEW_SOLE_PROPRIETOR_NPI);
  const soleName = await form.getByLabel('Legal name').inputValue();
  const soleAccount = await form.getByLabel('Account number').inputValue();
  await form.getByRole('button', { name: 'Create Organization' }).click();
  await expect(toastWith(page, 'Organization Added')).toBeVisible();
  await expect.poll(async () => (await serverOrganizations(NEW_SOLE_PROPRIETOR_NPI)).map((row) => row.account_number), { timeout: 30_000 }).toEqual([soleAccount]);

  // A non-healthcare client-bill account: no NPI, straight to the form.
  await page.goto('/organizations/type-selection');
  await page.getByRole('button', { name: 'Non-Healthcare Account', exact: true }).click();
  await expect(page).toHaveURL(/\/organizations\/create$/);
  await form.getByRole('button', { name: 'Create Organization' }).click();
  await expect(form.getByText('Legal name is required')).toBeVisible();
  await form.getByLabel('Legal name').fill(NEW_CLIENT_BILL_NAME);
  await form.getByLabel('Practice street').fill('200 Corporate Woods Blvd');
  await form.getByLabel('Practice city').fill('Albany');
  await form.getByLabel('Practice state').selectOption('NY');
  await form.getByLabel('Practice ZIP code').fill('12211');
  const clientAccount = await form.getByLabel('Account number').inputValue();
  await form.getByRole('button', { name: 'Create Organization' }).click();
  await expect(toastWith(page, 'Organization Added')).toBeVisible();
  const filterByName = `legal_name=eq.${encodeURIComponent(NEW_CLIENT_BILL_NAME)}`;
  await expect.poll(async () => (await serverOrganizationsWhere(filterByName)).map((row) => row.account_number), { timeout: 30_000 }).toEqual([clientAccount]);

  // Offline: the installed app reloads the list from this device; all three are found by name and by account number.
  await useInstalledApp(page);
  await page.goto('/organizations');
  await expect(rows.getByRole('row').filter({ hasText: NEW_CLIENT_BILL_NAME })).toBeVisible({ timeout: 30_000 });
  await page.context().setOffline(true);
  await page.reload();
  const search = page.getByRole('searchbox', { name: 'Search organizations' });
  for (const [name, account] of [
    ['Adirondack Pediatric Associates PC', accountNumber],
    [soleName, soleAccount],
    [NEW_CLIENT_BILL_NAME, clientAccount],
  ] as const) {
    await search.fill(name.split(' ').slice(0, 2).join(' '));
    await expect(rows.getByRole('row').filter({ hasText: name })).toBeVisible();
    await search.fill(account);
    await expect(page.getByTestId('organization-count')).toContainText('1 of');
    await expect(rows.getByRole('row').filter({ hasText: name })).toBeVisible();
  }
  await shot(page, '7-offline-search');
  await rows.getByRole('row').filter({ hasText: NEW_CLIENT_BILL_NAME }).click();
  await edit.getByLabel('Notes').fill('Invoices to HR, attention benefits office');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Saved on this device')).toBeVisible();
  await page.context().setOffline(false);
  await expect.poll(async () => (await serverOrganizationsWhere(filterByName))[0]?.notes, { timeout: 60_000 }).toBe('Invoices to HR, attention benefits office');
});

test('a membership is deactivated and reactivated in the memberships list, and the server keeps the row', async ({ page }) => {
  // The header counts the active providers: an inactive provider still listed on the People tab is not one.
  await page.goto(`/organizations/${HUDSON_VALLEY}/manage/people`);
  const members = page.getByTestId('organization-member');
  await expect(members.first()).toBeVisible({ timeout: 60_000 });
  const listed = await members.count();
  const inactive = await members.filter({ hasText: 'Inactive provider' }).count();
  expect(inactive).toBeGreaterThan(0);
  await expect(page.getByText(`${listed - inactive} active providers`, { exact: true })).toBeVisible();

  const organizationId = CAPITAL_REGION;
  await page.goto(`/organization-memberships?organization=${organizationId}&status=active`);
  const memberships = page.getByTestId('membership-rows').getByRole('row');
  await expect(memberships.first()).toBeVisible({ timeout: 60_000 });
  const first = memberships.first();
  // No red button per row: the row's menu, then a confirmation.
  await expect(page.getByTestId('membership-rows').getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
  const menu = first.getByRole('button', { name: /^Actions for/ });
  const label = (await menu.getAttribute('aria-label'))!;
  const providerName = label.replace(/^Actions for (.*) in .*$/, '$1');
  const before = (await serverMemberships(organizationId)).filter((row) => row.is_active).length;
  await menu.click();
  await page.getByRole('menuitem', { name: 'Deactivate membership' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(toastWith(page, 'Provider removed from organization')).toBeVisible();
  await expect.poll(async () => (await serverMemberships(organizationId)).filter((row) => row.is_active).length, { timeout: 30_000 }).toBe(before - 1);

  await page.getByRole('radio', { name: 'Inactive' }).click({ force: true });
  const removed = page.getByTestId('membership-rows').getByRole('row').filter({ hasText: providerName });
  await expect(removed).toContainText('Inactive');
  await shot(page, '8-memberships');
  await removed.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Reactivate membership' }).click();
  await expect(toastWith(page, 'Membership reactivated')).toBeVisible();
  await expect.poll(async () => (await serverMemberships(organizationId)).filter((row) => row.is_active).length, { timeout: 30_000 }).toBe(before);
});
