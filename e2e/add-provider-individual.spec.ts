/**
 * Journey (issue 6): adding an individual provider. Add Provider on the list, Individual
 * Provider, the NPI verified in the registry simulator with its PECOS enrollment checked,
 * Continue to the form prefilled from the registry (names read-only), an organization
 * chosen, saved: 'Provider Added', the confetti, the provider list — and the provider, its
 * membership and its preferences reach the server. The type stays chosen for the session.
 */
import { expect, test } from '@playwright/test';
import {
  NPIS,
  chooseOrganization,
  forgetNpi,
  preferenceSwitch,
  serverMemberships,
  serverPreferences,
  serverProviders,
  shot,
  verifyNpi,
} from './support/add-provider.ts';
import { STAFF, signIn, toastWith } from './support/session.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

// Full page loads open the local database each time: generous on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await forgetNpi(NPIS.janeDoe);
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
});

test('an individual provider is verified, prefilled from the registry, saved and synced', async ({ page }) => {
  await page.goto('/providers');
  await page.getByRole('link', { name: 'Add Provider' }).first().click();
  await expect(page).toHaveURL(/\/providers\/type-selection$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Provider' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Individual Provider', exact: true })).toHaveAccessibleDescription(
    'A healthcare provider with their own NPI (Type 1).',
  );
  await expect(page.getByRole('button', { name: 'Non-Healthcare Provider', exact: true })).toHaveAccessibleDescription(
    'An organization or individual ordering on a client or direct-bill basis, without an NPI.',
  );
  await shot(page, '1-type-selection');

  await page.getByRole('button', { name: 'Individual Provider', exact: true }).click();
  await expect(page).toHaveURL(/\/providers\/lookup$/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toHaveText(/Providers.*Add Provider.*NPI Lookup/);
  await expect(crumbs.getByRole('link', { name: 'Add Provider' })).toHaveAttribute('href', '/providers/type-selection');
  await expect(page.getByRole('button', { name: 'Verify NPI' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);

  await verifyNpi(page, NPIS.janeDoe);
  const result = page.getByTestId('npi-result');
  await expect(result.getByRole('heading', { name: 'JANE A DOE' })).toBeVisible();
  await expect(result).toContainText('Family Medicine (207Q00000X)');
  await expect(result).toContainText('Individual (Type 1)');
  await expect(result).toContainText('ALBANY, NY');
  await expect(page.getByTestId('npi-validation-issue')).toHaveCount(0);

  await result.getByRole('button', { name: 'Check PECOS Enrollment Status' }).click();
  await expect(page.getByTestId('pecos-lookup-result')).toContainText('PECOS Enrollment Verified');
  await expect(toastWith(page, 'PECOS Enrollment Verified')).toBeVisible();
  await shot(page, '2-lookup-verified');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/providers\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Individual Provider' })).toBeVisible();
  await expect(page.getByTestId('create-registry-summary')).toContainText(NPIS.janeDoe);
  const firstName = page.getByLabel('First name');
  // The registry writes JANE DOE, M.D.; the directory as people write it (the registry's text stays in nppes_data).
  await expect(firstName).toHaveValue('Jane');
  await expect(firstName).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Last name')).toHaveValue('Doe');
  await expect(page.getByLabel('Last name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Credential (MD, DO, NP, etc)')).toHaveValue('MD');
  await expect(page.getByLabel('Phone')).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Fax number' })).not.toHaveValue('');
  await expect(page.getByLabel('Taxonomy code')).toHaveValue('207Q00000X');
  await expect(page.getByLabel('Taxonomy description (specialty)')).toHaveValue('Family Medicine');
  await expect(preferenceSwitch(page, 'In-app notifications').locator('input')).toBeChecked();
  await expect(preferenceSwitch(page, 'Email notifications').locator('input')).not.toBeChecked();
  await expect(preferenceSwitch(page, 'Fax notifications').locator('input')).not.toBeChecked();

  await chooseOrganization(page);
  await page.getByLabel('Email', { exact: true }).fill('jane.doe@capitalregion.example');
  await preferenceSwitch(page, 'Email notifications').click();
  await preferenceSwitch(page, 'Fax notifications').click();
  await shot(page, '3-create-individual');
  await page.getByRole('button', { name: 'Add Provider' }).click();

  await expect(toastWith(page, 'Provider Added')).toContainText('Jane Doe, MD has been added to the directory.');
  await expect(page).toHaveURL(/\/providers$/);
  // canvas-confetti draws on a canvas it adds over the page.
  await expect(page.locator('body > canvas')).toHaveCount(1);
  await shot(page, '4-provider-added', false);

  // Three local writes that sync: the provider, then its membership, then its preferences.
  await expect.poll(async () => (await serverProviders({ npi: NPIS.janeDoe })).length, { timeout: 60_000 }).toBe(1);
  const [provider] = await serverProviders({ npi: NPIS.janeDoe });
  expect(provider).toMatchObject({ first_name: 'Jane', last_name: 'Doe', credential: 'MD', email: 'jane.doe@capitalregion.example', nppes_verified: true });
  expect((provider?.nppes_data as { results: Array<{ basic: Record<string, string> }> }).results[0]!.basic).toMatchObject({ first_name: 'JANE', last_name: 'DOE', credential: 'M.D.' });
  // The PECOS check made on the lookup page is the new provider's: not "Not verified".
  expect(provider).toMatchObject({ pecos_verified: true, pecos_verification_date: expect.any(String) });
  await expect.poll(async () => (await serverMemberships(provider!.id)).length, { timeout: 30_000 }).toBe(1);
  const [membership] = await serverMemberships(provider!.id);
  expect(membership?.organization_id).toBe(provider?.default_organization_id);
  await expect.poll(async () => (await serverPreferences(provider!.id)).length, { timeout: 30_000 }).toBe(1);
  expect((await serverPreferences(provider!.id))[0]).toMatchObject({
    in_app_notifications: true,
    email_notifications: true,
    fax_notifications: true,
  });

  // The provider is in the directory on this device.
  await page.getByPlaceholder('Search by name or NPI...').fill(NPIS.janeDoe);
  await expect(page.getByRole('row').filter({ hasText: NPIS.janeDoe })).toHaveCount(1);

  // The type stays chosen for the browser session; the next lookup starts afresh.
  await page.goto('/providers/type-selection');
  await expect(page.getByRole('button', { name: 'Individual Provider', exact: true })).toContainText('Last chosen');
  await page.goto('/providers/lookup');
  await expect(page.getByLabel('NPI', { exact: true })).toHaveValue('');
});

test('Back goes from the form to the lookup (which still shows the NPI) and from the lookup to type selection', async ({ page }) => {
  await page.goto('/providers/type-selection');
  await page.getByRole('button', { name: 'Individual Provider', exact: true }).click();
  await verifyNpi(page, NPIS.janeDoe);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/providers\/create$/);
  // The address changes a moment before the page does: wait for the form before pressing its Back.
  await expect(page.getByRole('heading', { level: 1, name: 'Add Individual Provider' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/providers\/lookup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'NPI Lookup' })).toBeVisible();
  await expect(page.getByLabel('NPI', { exact: true })).toHaveValue(NPIS.janeDoe);
  await expect(page.getByTestId('npi-result').getByRole('heading', { name: 'JANE A DOE' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/providers\/type-selection$/);
});
