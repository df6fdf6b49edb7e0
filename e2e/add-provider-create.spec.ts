/**
 * Journey (issue 6): the create form and its save. The non-healthcare path with every
 * validation message of spec §5; a duplicate NPI blocked before saving; a provider
 * verified online and saved offline that syncs once the connection is back; and the
 * database refusing an NPI that another device added while this one was offline (the sync
 * layer removes the local copy and says so).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  NPIS,
  chooseOrganization,
  chooseProviderType,
  forgetNpi,
  insertServerProvider,
  preferenceSwitch,
  serverMemberships,
  serverPreferences,
  serverProviders,
  shot,
  useInstalledApp,
  verifyNpi,
} from './support/add-provider.ts';
import { sharedSignedInPage, toastWith } from './support/session.ts';

// Full page loads open the local database each time: generous on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

const staff = sharedSignedInPage();

const addButton = (page: Page) => page.getByRole('button', { name: 'Add Provider' });
const fieldError = (page: Page, text: string) => page.getByTestId('create-provider-form').getByText(text, { exact: true });

/** Lookup, verify, Continue: the form of an individual, prefilled. */
async function openIndividualForm(page: Page, npi: string, legalName: string): Promise<void> {
  await chooseProviderType(page, 'Individual Provider');
  await verifyNpi(page, npi);
  await expect(page.getByTestId('npi-result').getByRole('heading', { name: legalName })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Individual Provider' })).toBeVisible();
}

test('a non-healthcare provider: every validation message, then saved without an NPI', async () => {
  const page = staff();
  const lastName = `Lab Client ${randomUUID().slice(0, 6)}`;
  await chooseProviderType(page, 'Non-Healthcare Provider');
  await expect(page).toHaveURL(/\/providers\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Non-Healthcare Provider' })).toBeVisible();
  await expect(page.getByLabel('First name')).not.toHaveAttribute('readonly');
  await expect(page.getByRole('region', { name: 'Taxonomy and License' })).toHaveCount(0);
  await expect(preferenceSwitch(page, 'In-app notifications').locator('input')).toBeChecked();

  await addButton(page).click();
  await expect(fieldError(page, 'First name is required')).toBeVisible();
  await expect(fieldError(page, 'Last name is required')).toBeVisible();
  await expect(fieldError(page, 'Organization is required')).toBeVisible();
  await shot(page, 'create-validation');

  // The organizations: the active ones on this device, ordered by legal name.
  const options = page.getByRole('combobox', { name: 'Organization' }).locator('option:not([value=""])');
  await expect(options.filter({ hasText: 'Capital Region Medical Group PLLC' })).toHaveCount(1, { timeout: 60_000 });
  const names = (await options.allTextContents()).map((name) => name.toLowerCase());
  expect(names).toEqual([...names].sort());
  await expect(options.filter({ hasText: 'Mohawk Valley Urgent Care (closed)' })).toHaveCount(0);

  await page.getByLabel('First name').fill('Empire');
  await page.getByLabel('Last name').fill(lastName);
  await chooseOrganization(page, 'Empire Workplace Drug Testing LLC (Non-healthcare)');
  await expect(fieldError(page, 'First name is required')).toHaveCount(0);
  await expect(fieldError(page, 'Organization is required')).toHaveCount(0);

  const email = page.getByLabel('Email', { exact: true });
  await email.fill('not-an-email');
  await addButton(page).click();
  await expect(fieldError(page, 'Invalid email format')).toBeVisible();

  await email.fill('');
  await preferenceSwitch(page, 'Email notifications').click();
  await preferenceSwitch(page, 'Fax notifications').click();
  await addButton(page).click();
  await expect(fieldError(page, 'Email required for email notifications')).toBeVisible();
  await expect(fieldError(page, 'Fax required for fax notifications')).toBeVisible();

  await email.fill('results@empire-dt.example');
  await page.getByRole('textbox', { name: 'Fax number' }).fill('518-555-0142');
  await expect(fieldError(page, 'Email required for email notifications')).toHaveCount(0);
  await expect(fieldError(page, 'Fax required for fax notifications')).toHaveCount(0);
  await addButton(page).click();

  await expect(toastWith(page, 'Provider Added')).toContainText(`Empire ${lastName} has been added to the directory.`);
  await expect(page).toHaveURL(/\/providers$/);

  await expect.poll(async () => (await serverProviders({ lastName })).length, { timeout: 60_000 }).toBe(1);
  const [provider] = await serverProviders({ lastName });
  expect(provider).toMatchObject({ npi: null, first_name: 'Empire', email: 'results@empire-dt.example', nppes_verified: false });
  await expect.poll(async () => (await serverPreferences(provider!.id))[0] ?? null, { timeout: 30_000 }).toMatchObject({
    in_app_notifications: true,
    email_notifications: true,
    fax_notifications: true,
    fax_number: '518-555-0142',
  });
});

test('Back from the non-healthcare form returns to type selection', async () => {
  const page = staff();
  await chooseProviderType(page, 'Non-Healthcare Provider');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Non-Healthcare Provider' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/providers\/type-selection$/);
  await expect(page.getByRole('button', { name: 'Non-Healthcare Provider', exact: true })).toContainText('Last chosen');
});

test("a duplicate NPI is blocked before saving: 'Provider Already Exists'", async () => {
  const page = staff();
  await openIndividualForm(page, NPIS.seededOkafor, 'SAMUEL J OKAFOR');
  await expect(page.getByTestId('create-duplicate')).toContainText('A provider with this NPI already exists in the system.');
  await shot(page, 'create-duplicate');
  await chooseOrganization(page);
  await addButton(page).click();
  await expect(toastWith(page, 'Provider Already Exists')).toContainText('A provider with this NPI already exists in the system.');
  await expect(page).toHaveURL(/\/providers\/create$/);
  expect(await serverProviders({ npi: NPIS.seededOkafor })).toHaveLength(1);
  // The warning leads to the provider already in the directory.
  await page.getByRole('link', { name: 'Open the existing provider' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Samuel Okafor');
});

test('a provider verified online and saved offline syncs when the connection is back', async () => {
  const page = staff();
  const context = page.context();
  await forgetNpi(NPIS.mendez);
  await useInstalledApp(page);
  await openIndividualForm(page, NPIS.mendez, 'ROBERT T MENDEZ');
  await chooseOrganization(page, 'Hudson Valley Family Practice (Healthcare)');

  await context.setOffline(true);
  try {
    await expect(page.getByTestId('create-offline')).toBeVisible();
    await shot(page, 'create-offline');
    await addButton(page).click();
    await expect(toastWith(page, 'Provider Added')).toContainText('Robert Mendez, NP has been added to the directory.');
    await expect(page).toHaveURL(/\/providers$/);
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', /offline|pending/);
    await page.getByPlaceholder('Search by name or NPI...').fill(NPIS.mendez);
    await expect(page.getByRole('row').filter({ hasText: NPIS.mendez })).toHaveCount(1);
    // Nothing reached the server while offline.
    expect(await serverProviders({ npi: NPIS.mendez })).toHaveLength(0);
  } finally {
    await context.setOffline(false);
  }

  await expect.poll(async () => (await serverProviders({ npi: NPIS.mendez })).length, { timeout: 60_000 }).toBe(1);
  const [provider] = await serverProviders({ npi: NPIS.mendez });
  await expect.poll(async () => (await serverMemberships(provider!.id)).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await serverPreferences(provider!.id)).length, { timeout: 30_000 }).toBe(1);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 30_000 });
});

test('the database refuses an NPI another device added while this one was offline, and the user is told', async () => {
  const page = staff();
  const context = page.context();
  await forgetNpi(NPIS.kowalski);
  await useInstalledApp(page);
  await openIndividualForm(page, NPIS.kowalski, 'DAVID R KOWALSKI');
  await chooseOrganization(page, 'Green Mountain Internal Medicine (Healthcare)');

  await context.setOffline(true);
  try {
    // Meanwhile another device adds the same provider.
    await insertServerProvider({ npi: NPIS.kowalski, first_name: 'David', last_name: 'Kowalski' });
    await addButton(page).click();
    await expect(toastWith(page, 'Provider Added')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // The provider's notice (its membership and preferences, refused for want of it, have their own).
  const notice = toastWith(page, 'Sync').filter({ hasText: 'Your change to provider “DAVID KOWALSKI”' });
  await expect(notice).toContainText('was refused: it would duplicate an existing record', { timeout: 60_000 });
  await expect(notice).toBeInViewport();
  await shot(page, 'create-refused-by-database', false);
  await expect.poll(async () => (await serverProviders({ npi: NPIS.kowalski })).map((row) => row.first_name), { timeout: 30_000 }).toEqual([
    'David',
  ]);
});
