/**
 * Journey (issue 6): the NPI lookup's rules against the registry simulator. Without a
 * chosen type the steps send the user to type selection; Verify NPI is disabled while
 * empty ('NPI Required' / 'Please enter an NPI number'); a wrong check digit is said at
 * once and never sent; an organization NPI, an unknown NPI and registry data without a
 * primary taxonomy are 'Validation Issue's without Continue; a registry outage gives the
 * checklist; the PECOS check has its own texts; offline, the page says lookup needs a
 * connection and Verify NPI is disabled.
 */
import { expect, test, type Page } from '@playwright/test';
import { NPIS, armFault, chooseProviderType, clearFaults, shot, verifyNpi } from './support/add-provider.ts';
import { sharedSignedInPage, toastWith } from './support/session.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

// Full page loads open the local database each time: generous on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

const staff = sharedSignedInPage();

async function openLookup(page: Page): Promise<void> {
  await chooseProviderType(page, 'Individual Provider');
  await expect(page).toHaveURL(/\/providers\/lookup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'NPI Lookup' })).toBeVisible();
}

const npiInput = (page: Page) => page.getByLabel('NPI', { exact: true });
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify NPI' });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

test('without a chosen provider type, lookup and create send the user to type selection', async () => {
  const page = staff();
  await page.goto('/providers/lookup');
  await expect(page).toHaveURL(/\/providers\/type-selection$/);
  await page.goto('/providers/create');
  await expect(page).toHaveURL(/\/providers\/type-selection$/);
  // An individual without a verified NPI is sent from the form back to the lookup.
  await openLookup(page);
  await page.goto('/providers/create');
  await expect(page).toHaveURL(/\/providers\/lookup$/);
});

test("the input: Verify disabled while empty, 'NPI Required', ten digits, and a wrong check digit said at once", async () => {
  const page = staff();
  await openLookup(page);
  await expect(verifyButton(page)).toBeDisabled();

  await npiInput(page).fill('1');
  await expect(verifyButton(page)).toBeEnabled();
  await npiInput(page).fill('');
  await expect(verifyButton(page)).toBeDisabled();
  await expect(page.getByTestId('npi-input-issue')).toHaveText('NPI Required: Please enter an NPI number');
  await npiInput(page).press('Enter');
  await expect(toastWith(page, 'NPI Required')).toContainText('Please enter an NPI number');

  // Only digits are kept (a pasted number loses its dashes).
  await npiInput(page).fill('123-456-7893');
  await expect(npiInput(page)).toHaveValue('1234567893');

  await npiInput(page).fill('12345');
  await expect(page.getByTestId('npi-input-issue')).toHaveCount(0);
  await verifyButton(page).click();
  await expect(page.getByTestId('npi-input-issue')).toHaveText('An NPI is 10 digits. Please check the number and try again.');

  await npiInput(page).fill(NPIS.wrongCheckDigit);
  const checkDigit = 'This is not a valid NPI: its check digit does not match. Please check the number for a typo.';
  await expect(page.getByTestId('npi-input-issue')).toHaveText(checkDigit);
  await shot(page, 'lookup-wrong-check-digit');
  await verifyButton(page).click();
  await expect(toastWith(page, checkDigit)).toContainText('Invalid NPI');
  await expect(page.getByTestId('npi-result')).toHaveCount(0);
  await expect(continueButton(page)).toHaveCount(0);
});

test('an organization (Type 2) NPI is refused for an individual, with the type hint', async () => {
  const page = staff();
  await openLookup(page);
  await verifyNpi(page, NPIS.organization);
  const issue = page.getByTestId('npi-validation-issue');
  await expect(issue.getByText('Validation Issue', { exact: true })).toBeVisible();
  await expect(issue).toContainText('Wrong NPI type: this NPI belongs to an organization (Type 2, NPI-2)');
  await expect(page.getByTestId('npi-type-hint')).toContainText(
    'Individual providers have a Type 1 (individual) NPI; organizations have a Type 2 (organization) NPI.',
  );
  await expect(page.getByTestId('npi-result')).toContainText('Capital Region Medical Group PLLC');
  await expect(continueButton(page)).toHaveCount(0);
  await shot(page, 'lookup-organization-npi');
});

test('an unknown NPI and one without a primary taxonomy are validation issues, without Continue', async () => {
  const page = staff();
  await openLookup(page);
  await verifyNpi(page, NPIS.unknown);
  await expect(page.getByTestId('npi-validation-issue')).toContainText(
    `NPI ${NPIS.unknown} was not found in the NPPES registry: it is unknown or has been deactivated.`,
  );
  await expect(page.getByTestId('npi-type-hint')).toHaveCount(0);
  await expect(continueButton(page)).toHaveCount(0);
  await shot(page, 'lookup-unknown-npi');

  await verifyNpi(page, NPIS.noPrimaryTaxonomy);
  await expect(page.getByTestId('npi-validation-issue')).toContainText(
    'No primary taxonomy (specialty) is listed for this NPI in the NPPES registry.',
  );
  await expect(page.getByTestId('npi-result')).toContainText('Maria L Santos');
  await expect(continueButton(page)).toHaveCount(0);
});

test('a registry outage gives the checklist', async () => {
  const page = staff();
  await armFault('nppes', NPIS.brennan, 'error500');
  try {
    await openLookup(page);
    await verifyNpi(page, NPIS.brennan);
    const failure = page.getByTestId('npi-failure');
    await expect(failure).toContainText('NPI Verification Failed');
    await expect(failure.getByRole('listitem')).toHaveText([
      'The NPI is exactly 10 digits, with no spaces or dashes.',
      'It is the provider\u2019s individual (Type 1) NPI, not an organization (Type 2) NPI.',
      'The digits match the provider\u2019s NPI record (the last digit is a check digit, so a typo is caught).',
    ]);
    await expect(toastWith(page, 'NPI Verification Failed')).toBeVisible();
    await expect(continueButton(page)).toHaveCount(0);
    await shot(page, 'lookup-registry-outage');
  } finally {
    await clearFaults(NPIS.brennan);
  }
});

test("the PECOS check: 'Not Enrolled in PECOS', and the lookup page's failure texts", async () => {
  const page = staff();
  await openLookup(page);
  await verifyNpi(page, NPIS.notEnrolled);
  await expect(page.getByTestId('npi-result')).toContainText('Linda K Park');
  const check = page.getByRole('button', { name: 'Check PECOS Enrollment Status' });
  await check.click();
  await expect(page.getByTestId('pecos-lookup-result')).toContainText('Not Enrolled in PECOS');
  await expect(toastWith(page, 'Not Enrolled in PECOS')).toBeVisible();

  await armFault('cms', NPIS.notEnrolled, 'error500');
  try {
    await check.click();
    await expect(page.getByTestId('pecos-lookup-result')).toContainText(
      'The CMS PECOS API returned an error while checking enrollment. Please try again later.',
    );
  } finally {
    await clearFaults(NPIS.notEnrolled);
  }
  await armFault('cms', NPIS.notEnrolled, 'malformed');
  try {
    await check.click();
    await expect(page.getByTestId('pecos-lookup-result')).toContainText('Failed to check PECOS enrollment status. Please try again later.');
    await expect(toastWith(page, 'Failed to check PECOS enrollment status. Please try again later.')).toContainText('PECOS Check Failed');
  } finally {
    await clearFaults(NPIS.notEnrolled);
  }
});

test('offline, the page says lookup needs a connection and Verify NPI is disabled', async () => {
  const page = staff();
  const context = page.context();
  await openLookup(page);
  await npiInput(page).fill(NPIS.janeDoe);
  await expect(verifyButton(page)).toBeEnabled();
  await context.setOffline(true);
  try {
    await expect(page.getByTestId('lookup-offline')).toContainText('NPI lookup needs an internet connection');
    await expect(verifyButton(page)).toBeDisabled();
    await shot(page, 'lookup-offline');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('lookup-offline')).toHaveCount(0);
  await expect(verifyButton(page)).toBeEnabled();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/providers\/type-selection$/);
});
