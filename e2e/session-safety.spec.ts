/**
 * Journeys of sessions on shared clinic computers:
 * - edits made offline after the access token expired stay on the device; when the session
 *   turns out to be revoked (its refresh token refused) the user is sent to sign in and
 *   warned that the edits have not reached the server; when they sign in again the edits
 *   are pushed under their own session (someone else signing in would discard them: the
 *   rules are unit-tested in src/app/session-end);
 * - when the token can be refreshed, the same edits push as soon as the connection is back;
 * - sign-out wipes the local database and every cached data response, while the app
 *   shell stays cached (the landing page still opens offline).
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { STAFF, signIn, signOut, toastWith } from './support/session.ts';
import { openList, providerRow, serverProvider, stack } from './support/providers.ts';

const AUTH_KEY = 'lab-directory.auth';

async function userId(email: string): Promise<string> {
  const rows = (await stack(`/rest/v1/profiles?email=eq.${encodeURIComponent(email)}&select=id`)) as Array<{ id: string }>;
  if (!rows[0]) throw new Error(`no profile for ${email}`);
  return rows[0].id;
}

async function auditOf(id: string): Promise<Array<{ action: string; changed_by: string | null }>> {
  return (await stack(`/rest/v1/audit_log?row_id=eq.${id}&select=action,changed_by&order=id`)) as Array<{ action: string; changed_by: string | null }>;
}

async function newProvider(): Promise<{ id: string; lastName: string }> {
  const id = randomUUID();
  const lastName = `Sessiontest${randomUUID().slice(0, 6)}`;
  await stack('/rest/v1/providers', { method: 'POST', body: { id, first_name: 'Before', last_name: lastName }, headers: { Prefer: 'return=minimal' } });
  return { id, lastName };
}

/** Signed in, the provider downloaded, and the service worker in control (for offline reloads). */
async function readyOffline(page: Page, lastName: string): Promise<void> {
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A navigation after the worker is ready puts the page under its control.
  await openList(page, '/providers');
  await page.getByPlaceholder('Search by name or NPI...').fill(lastName);
  await expect(providerRow(page, `Before ${lastName}`)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Offline, the access token expires (and, when `revoke`, the refresh token stops working); then an edit. */
async function editAfterExpiry(page: Page, lastName: string, revoke: boolean): Promise<void> {
  await page.context().setOffline(true);
  await page.evaluate(
    ([key, revokeToken]) => {
      const raw = localStorage.getItem(key as string);
      if (!raw) throw new Error('no stored session');
      const session = JSON.parse(raw) as { expires_at: number; refresh_token: string };
      session.expires_at = Math.floor(Date.now() / 1000) - 60;
      if (revokeToken) session.refresh_token = 'revoked-refresh-token';
      localStorage.setItem(key as string, JSON.stringify(session));
    },
    [AUTH_KEY, revoke] as const,
  );
  await page.reload();
  await page.getByPlaceholder('Search by name or NPI...').fill(lastName);
  await providerRow(page, `Before ${lastName}`).click();
  const form = page.getByTestId('edit-provider-form');
  await form.getByLabel('First name').fill('Offline');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Success')).toBeVisible();
}

test('offline edits after expiry, session revoked: the user is warned, and the edits push when they sign in again', async ({ page }) => {
  test.setTimeout(180_000);
  const { id, lastName } = await newProvider();
  const staffId = await userId(STAFF.email);
  await readyOffline(page, lastName);
  await editAfterExpiry(page, lastName, true);

  // Back online the session cannot be refreshed: it has ended. The user is asked to sign
  // in, and told that their edit has not reached the server.
  await page.context().setOffline(false);
  await expect(page).toHaveURL(/\/auth/, { timeout: 60_000 });
  const warning = page.getByTestId('session-ended-dialog');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(
    `Your session ended before 1 change made on this device reached the server. Sign in again as ${STAFF.email} to send it.`,
  );
  await page.screenshot({ path: test.info().outputPath('session-ended.png'), fullPage: true });
  expect((await serverProvider(id)).first_name).toBe('Before');
  await warning.getByRole('button', { name: 'Sign in again' }).click();
  await expect(warning).toBeHidden();

  // The same user signs in again: their edit, kept on the device, goes out under their session.
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await expect.poll(async () => (await serverProvider(id)).first_name, { timeout: 60_000 }).toBe('Offline');
  expect(await auditOf(id)).toEqual([
    { action: 'insert', changed_by: null },
    { action: 'update', changed_by: staffId },
  ]);
});

test('offline edits after expiry push as the same user once the session refreshes', async ({ page }) => {
  test.setTimeout(120_000);
  const { id, lastName } = await newProvider();
  const staffId = await userId(STAFF.email);
  await readyOffline(page, lastName);
  await editAfterExpiry(page, lastName, false);
  expect((await serverProvider(id)).first_name).toBe('Before');

  await page.context().setOffline(false);
  await expect.poll(async () => (await serverProvider(id)).first_name, { timeout: 60_000 }).toBe('Offline');
  expect(await auditOf(id)).toEqual([
    { action: 'insert', changed_by: null },
    { action: 'update', changed_by: staffId },
  ]);
  await expect(page).not.toHaveURL(/\/auth/);
});

test('sign-out wipes the local database and cached data responses, not the app shell', async ({ page }) => {
  const { lastName } = await newProvider();
  const staffId = await userId(STAFF.email);
  await readyOffline(page, lastName);
  // The app caches no data responses today; a runtime cache added later must not survive either.
  await page.evaluate(async () => {
    const cache = await caches.open('supabase-data');
    await cache.put('/rest/v1/providers?select=*', new Response('[{"id":"cached"}]'));
  });
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));
  expect((await databases()).some((name) => name.includes(staffId))).toBe(true);
  const cacheNames = () => page.evaluate(() => caches.keys());
  expect(await cacheNames()).toContain('supabase-data');

  await signOut(page);
  await expect.poll(async () => (await databases()).filter((name) => name.includes(staffId))).toEqual([]);
  const after = await cacheNames();
  expect(after).not.toContain('supabase-data');
  expect(after.some((name) => name.startsWith('workbox-precache'))).toBe(true);

  // The app shell is still there: the landing page opens offline.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.context().setOffline(false);
});
