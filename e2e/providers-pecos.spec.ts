/**
 * Journey: verifying a provider's PECOS enrollment from the list (spec §4, §5, §8): the
 * row goes busy, then success with 'PECOS Verification Complete' and the list shows the
 * result the function recorded; each 'Verification Failed' description, caused by the
 * registry simulator's fault switches (or, for the transport failures the simulator
 * cannot cause, by the network answer itself); 'NPI Required'; and offline, the check is
 * queued, shown as queued, and runs with its toast once the connection is back.
 */
import { expect, test, type Page } from '@playwright/test';
import { STAFF, signIn, toastWith } from './support/session.ts';
import { armCmsFault, clearFaults, openList, providerRow, SEED, serverProvider, type RegistryFault } from './support/providers.ts';

async function listWith(page: Page, name: string) {
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await openList(page, '/providers');
  await page.getByRole('searchbox', { name: 'Search providers' }).fill(name);
  const row = providerRow(page, name);
  await expect(row).toBeVisible();
  return row;
}

const verifyButton = (row: ReturnType<typeof providerRow>) => row.locator('button[data-check]');

test('a successful check shows busy, then success, the toast, and the recorded result', async ({ page }) => {
  const row = await listWith(page, SEED.obrien.name);
  await expect(row.locator('[data-pecos]')).toHaveAttribute('data-pecos', 'not_verified');
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'idle');

  await verifyButton(row).click();
  await expect(toastWith(page, 'PECOS Verification Complete')).toContainText('Provider is enrolled in PECOS.', { timeout: 60_000 });
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'success');
  // The function recorded the result on the server; replication brings it to the list.
  await expect(row.locator('[data-pecos]')).toHaveAttribute('data-pecos', 'enrolled', { timeout: 30_000 });
  await expect(row.getByLabel('May order Medicare lab tests')).toBeVisible();
  await expect(row.getByRole('img', { name: /^Last verified: [A-Z][a-z]{2} \d{1,2}, \d{4}$/ })).toBeVisible();
  expect(await serverProvider(SEED.obrien.id)).toMatchObject({ pecos_verified: true });
});

test('the button is busy while a check runs', async ({ page }) => {
  const row = await listWith(page, SEED.kowalczyk.name);
  // Hold the call so the busy state is certainly on screen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/functions/v1/verify-pecos', async (route) => {
    await held;
    await route.fulfill({ status: 504, contentType: 'application/json', body: JSON.stringify({ error: 'The CMS PECOS enrollment request timed out. Please try again later.' }) });
  });
  await verifyButton(row).click();
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'running');
  await expect(verifyButton(row)).toHaveAttribute('aria-busy', 'true');
  await expect(verifyButton(row)).toBeDisabled();
  release();
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'error');
  await expect(verifyButton(row)).toBeEnabled();
});

const REGISTRY_FAULTS: Array<{ fault: RegistryFault; description: string; delayMs?: number }> = [
  { fault: 'error500', description: 'The CMS PECOS API returned an error. Please try again later.' },
  { fault: 'malformed', description: 'Unable to process the PECOS API response. The API may be experiencing issues.' },
  // Longer than the function's registry timeout (8 s, tried twice).
  { fault: 'slow', delayMs: 25_000, description: 'The PECOS verification request timed out. Please try again later.' },
];

for (const { fault, description, delayMs } of REGISTRY_FAULTS) {
  test(`a CMS '${fault}' fault says '${description}'`, async ({ page }) => {
    test.setTimeout(120_000);
    await armCmsFault(SEED.kowalczyk.npi, fault, delayMs);
    try {
      const row = await listWith(page, SEED.kowalczyk.name);
      await verifyButton(row).click();
      await expect(toastWith(page, 'Verification Failed')).toContainText(description, { timeout: 90_000 });
      await expect(verifyButton(row)).toHaveAttribute('data-check', 'error');
      // Nothing was recorded: the provider is still not verified.
      await expect(row.locator('[data-pecos]')).toHaveAttribute('data-pecos', 'not_verified');
    } finally {
      await clearFaults(SEED.kowalczyk.npi);
    }
  });
}

test("a failure of the function itself (HTTP 500) says the service could not be reached", async ({ page }) => {
  const row = await listWith(page, SEED.kowalczyk.name);
  await page.route('**/functions/v1/verify-pecos', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }));
  await verifyButton(row).click();
  await expect(toastWith(page, 'Verification Failed')).toContainText(
    'Communication with the PECOS verification service failed. Please try again later.',
  );
});

test('an empty answer says the enrollment could not be verified, and a new check resets the row', async ({ page }) => {
  const row = await listWith(page, SEED.kowalczyk.name);
  await page.route('**/functions/v1/verify-pecos', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
  await verifyButton(row).click();
  await expect(toastWith(page, 'Verification Failed')).toContainText('Could not verify PECOS enrollment. Please try again.');
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'error');

  // Starting again resets the row's result to busy.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.unroute('**/functions/v1/verify-pecos');
  await page.route('**/functions/v1/verify-pecos', async (route) => {
    await held;
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  });
  await verifyButton(row).click();
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'running');
  release();
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'error');
});

test("a provider without an NPI cannot be checked: the button is disabled and says 'NPI Required'", async ({ page }) => {
  const row = await listWith(page, SEED.whitfield.name);
  await expect(verifyButton(row)).toBeDisabled();
  await verifyButton(row).dispatchEvent('click');
  await expect(toastWith(page, 'NPI Required')).toContainText('Provider must have an NPI to verify PECOS enrollment.');
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'idle');
});

test('offline, the check is queued and shown as queued; back online it runs and reports', async ({ page, context }) => {
  const row = await listWith(page, SEED.johnson.name);
  await expect(row.locator('[data-pecos]')).toHaveAttribute('data-pecos', 'not_verified');

  await context.setOffline(true);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'offline');
  await verifyButton(row).click();
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'queued');
  await expect(verifyButton(row)).toHaveAccessibleName(/^PECOS check queued/);
  await expect(toastWith(page, 'PECOS Verification Complete')).toHaveCount(0);

  await context.setOffline(false);
  await expect(toastWith(page, 'PECOS Verification Complete')).toBeVisible({ timeout: 60_000 });
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'success');
  await expect(row.locator('[data-pecos]')).not.toHaveAttribute('data-pecos', 'not_verified', { timeout: 30_000 });
  expect((await serverProvider(SEED.johnson.id)).pecos_verification_date).not.toBeNull();
});
