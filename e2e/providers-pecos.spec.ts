/**
 * Journey: verifying a provider's PECOS enrollment from the list (spec §4, §5, §8): the
 * row goes busy, then success with 'PECOS Verification Complete' and the list shows the
 * result the function recorded; each 'Verification Failed' description, caused by the
 * registry simulator's fault switches (or, for the transport failures the simulator
 * cannot cause, by the network answer itself); 'NPI Required'; and offline, the check is
 * queued, shown as queued, and runs with its toast once the connection is back.
 */
import { expect, test, type Page } from '@playwright/test';
import { sharedSignedInPage, toastWith } from './support/session.ts';
import { armCmsFault, clearFaults, openList, providerRow, SEED, serverProvider, type RegistryFault } from './support/providers.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

const staff = sharedSignedInPage();

async function listWith(page: Page, name: string) {
  await openList(page, '/providers');
  await page.getByRole('searchbox', { name: 'Search providers' }).fill(name);
  const row = providerRow(page, name);
  await expect(row).toBeVisible();
  return row;
}

const verifyButton = (row: ReturnType<typeof providerRow>) => row.locator('button[data-check]');

test('a successful check shows busy, then success, the toast, and the recorded result', async () => {
  const page = staff();
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

/** Holds the next call to verify-pecos until released, then answers it with `answer`. */
async function holdCall(page: Page, answer: { status: number; body: string }) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.unroute('**/functions/v1/verify-pecos');
  await page.route('**/functions/v1/verify-pecos', async (route) => {
    await held;
    await route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body });
  });
  return () => release();
}

// The registry faults the simulator can cause; the 'slow' one (the function's timeout) is
// asserted by tests/contract/functions-verify-pecos.test.ts, where it costs no browser time.
const REGISTRY_FAULTS: Array<{ fault: RegistryFault; description: string }> = [
  { fault: 'error500', description: 'The CMS PECOS API returned an error. Please try again later.' },
  { fault: 'malformed', description: 'Unable to process the PECOS API response. The API may be experiencing issues.' },
];

/**
 * Dismisses every toast on screen, so the next step's toast is never queued behind them
 * (at most 5 show at once) nor paused by a pointer left over the toast region.
 */
async function dismissToasts(page: Page) {
  await page.mouse.move(0, 0);
  const toasts = page.getByTestId('toast');
  for (let left = await toasts.count(); left > 0; left = await toasts.count()) {
    await toasts.first().getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toasts).toHaveCount(left - 1);
  }
}

/** Clicks the row's check and waits for the failure toast saying `description`, then dismisses the toasts. */
async function expectFailure(page: Page, row: ReturnType<typeof providerRow>, description: string) {
  await verifyButton(row).click();
  const toast = toastWith(page, 'Verification Failed').filter({ hasText: description });
  await expect(toast).toBeVisible({ timeout: 60_000 });
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'error');
  await dismissToasts(page);
}

test('each failure says what went wrong, the row is busy meanwhile, and nothing is recorded', async () => {
  const page = staff();
  test.setTimeout(180_000);
  const row = await listWith(page, SEED.kowalczyk.name);
  const recorded = await row.locator('[data-pecos]').getAttribute('data-pecos');

  // Busy while the call runs: held so the state is certainly on screen.
  let release = await holdCall(page, { status: 504, body: JSON.stringify({ error: 'The CMS PECOS enrollment request timed out. Please try again later.' }) });
  await verifyButton(row).click();
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'running');
  await expect(verifyButton(row)).toHaveAttribute('aria-busy', 'true');
  await expect(verifyButton(row)).toBeDisabled();
  release();
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'error');
  await expect(verifyButton(row)).toBeEnabled();
  await expect(toastWith(page, 'Verification Failed').filter({ hasText: 'The PECOS verification request timed out. Please try again later.' })).toBeVisible();
  await dismissToasts(page);
  await page.unroute('**/functions/v1/verify-pecos');

  // The registry's own faults, through the real function.
  for (const { fault, description } of REGISTRY_FAULTS) {
    await armCmsFault(SEED.kowalczyk.npi, fault);
    try {
      await expectFailure(page, row, description);
    } finally {
      await clearFaults(SEED.kowalczyk.npi);
    }
  }

  // A failure of the function itself (HTTP 500, not JSON).
  await page.route('**/functions/v1/verify-pecos', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }));
  await expectFailure(page, row, 'Communication with the PECOS verification service failed. Please try again later.');

  // An empty answer; a new check then resets the row to busy.
  await page.unroute('**/functions/v1/verify-pecos');
  await page.route('**/functions/v1/verify-pecos', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
  await expectFailure(page, row, 'Could not verify PECOS enrollment. Please try again.');
  release = await holdCall(page, { status: 200, body: '{}' });
  await verifyButton(row).click();
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'running');
  release();
  await expect(verifyButton(row)).toHaveAttribute('data-check', 'error');

  // Nothing was recorded: the provider's PECOS state is the one the directory had before.
  expect(recorded).not.toBeNull();
  await expect(row.locator('[data-pecos]')).toHaveAttribute('data-pecos', recorded!);

  // A provider without an NPI cannot be checked.
  const search = page.getByRole('searchbox', { name: 'Search providers' });
  await search.fill(SEED.whitfield.name);
  const noNpi = providerRow(page, SEED.whitfield.name);
  await expect(verifyButton(noNpi)).toBeDisabled();
  await verifyButton(noNpi).dispatchEvent('click');
  await expect(toastWith(page, 'NPI Required')).toContainText('Provider must have an NPI to verify PECOS enrollment.');
  await expect(verifyButton(noNpi)).toHaveAttribute('data-check', 'idle');
  await page.unroute('**/functions/v1/verify-pecos');
});

test('offline, the check is queued and shown as queued; back online it runs and reports', async () => {
  const page = staff();
  const context = page.context();
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
