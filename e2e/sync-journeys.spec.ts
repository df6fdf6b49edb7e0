/**
 * Journeys of the local-first foundation: two signed-in browsers see each other's edits
 * (local write → push → Realtime → pull). (A reload while offline showing the local data is
 * part of e2e/new-device.spec.ts: every page of the navigation reloaded offline.)
 *
 * The 2 s budget for an edit to reach another browser is a speed figure: `npm run bench`
 * measures it ("edit seen by a second browser"). Here the edit must arrive by Realtime, well
 * before the periodic pull would bring it, and the time it took is recorded on the test.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { ADMIN, STAFF, signIn, toastWith } from './support/session.ts';
import { openList, providerRow, stack } from './support/providers.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

async function signedInPage(browser: Browser, login: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login.email, login.password);
  await expect(page).not.toHaveURL(/\/auth/);
  return page;
}

/** Long enough for a loaded CI machine, short of the periodic pull: only Realtime brings it. */
const REALTIME_ARRIVAL_MS = 10_000;

test('two browsers see each other’s edits by Realtime', async ({ browser }) => {
  const lastName = `Synctest${randomUUID().slice(0, 6)}`;
  await stack('/rest/v1/providers', {
    method: 'POST',
    body: { id: randomUUID(), first_name: 'Before', last_name: lastName },
    headers: { Prefer: 'return=minimal' },
  });

  const staff = await signedInPage(browser, STAFF);
  const admin = await signedInPage(browser, ADMIN);
  for (const page of [staff, admin]) {
    await openList(page, '/providers');
    await page.getByPlaceholder('Search by name or NPI...').fill(lastName);
    await expect(providerRow(page, `Before ${lastName}`)).toBeVisible({ timeout: 30_000 });
  }

  // Staff renames the provider; the admin's list shows the new name within 2 s of the save.
  await providerRow(staff, `Before ${lastName}`).click();
  const form = staff.getByTestId('edit-provider-form');
  await form.getByLabel('First name').fill('After');
  const savedAt = Date.now();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(staff, 'Success')).toBeVisible();
  await expect(providerRow(admin, `After ${lastName}`)).toBeVisible({ timeout: REALTIME_ARRIVAL_MS });
  test.info().annotations.push({ type: 'edit reached the other browser (ms)', description: String(Date.now() - savedAt) });

  // And the other way round: staff back on the list, the admin edits the record just received.
  await staff.getByRole('link', { name: 'Providers' }).first().click();
  await staff.getByPlaceholder('Search by name or NPI...').fill(lastName);
  await expect(providerRow(staff, `After ${lastName}`)).toBeVisible({ timeout: 30_000 });
  await providerRow(admin, `After ${lastName}`).click();
  const adminForm = admin.getByTestId('edit-provider-form');
  await expect(adminForm.getByLabel('First name')).toHaveValue('After');
  await adminForm.getByLabel('First name').fill('Again');
  const adminSavedAt = Date.now();
  await adminForm.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(admin, 'Success')).toBeVisible();
  await expect(providerRow(staff, `Again ${lastName}`)).toBeVisible({ timeout: REALTIME_ARRIVAL_MS });
  test.info().annotations.push({ type: 'edit came back (ms)', description: String(Date.now() - adminSavedAt) });
  const rows = await stack(`/rest/v1/providers?last_name=eq.${lastName}&select=first_name`);
  expect(rows).toEqual([{ first_name: 'Again' }]);

  await staff.context().close();
  await admin.context().close();
});
