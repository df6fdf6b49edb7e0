/**
 * Journey (issue 24): a staff member adds a healthcare organization by its NPI (type
 * selection, the registry lookup with its DBA and authorized official, the form prefilled
 * from it with the next free account number), finds it in the organization list by account
 * number, and edits it; the new organization and the edit reach the server. Shots of each
 * step go to test-results/screenshots/organizations-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { SERVICE_ROLE_KEY, STACK_URL } from './support/env.ts';
import { STAFF, signIn, toastWith } from './support/session.ts';

test.describe.configure({ timeout: 180_000 });

/** ADIRONDACK PEDIATRIC ASSOCIATES PC (supabase/local/simulator/FIXTURES.md), not seeded. */
const NEW_ORGANIZATION_NPI = '1973110046';

const headers = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };

async function serverOrganizations(npi: string): Promise<Array<{ id: string; legal_name: string; account_number: string; phone: string | null; dba_name: string | null }>> {
  const response = await fetch(`${STACK_URL}/rest/v1/organizations?npi=eq.${npi}&_deleted=is.false&select=*`, { headers });
  return (await response.json()) as Array<{ id: string; legal_name: string; account_number: string; phone: string | null; dba_name: string | null }>;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/organizations-${name}.png`, fullPage: true, animations: 'disabled' });
}

test.beforeEach(async ({ page }) => {
  // A run against a stack a previous run used: the organization is added again from scratch.
  await fetch(`${STACK_URL}/rest/v1/organizations?npi=eq.${NEW_ORGANIZATION_NPI}`, { method: 'DELETE', headers });
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
});

test('a healthcare organization is added by NPI, found in the list by account number, and edited', async ({ page }) => {
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
  await expect(result).toContainText('ADIRONDACK PEDIATRIC ASSOCIATES PC');
  await expect(result).toContainText('Organization (Type 2)');
  await expect(result).toContainText('ADIRONDACK KIDS CARE (Doing Business As)');
  await expect(result).toContainText('MARGARET L HOLLOWAY');
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
});
