/**
 * Journey: access ends while the app is open. A staff member works in the directory; an
 * admin revokes their role (through the API, as the users page does); at the app's next
 * sync the directory is gone from the screen — the page says their access was removed —
 * and from the device: the local database, the saved first pages and cached data.
 */
import { expect, test } from '@playwright/test';
import { ANON_KEY, STACK_URL, WITHOUT_SERVICE_WORKER } from './support/env.ts';
import { openList, stack } from './support/providers.ts';
import { ADMIN, signIn, uniqueEmail } from './support/session.ts';

test.use(WITHOUT_SERVICE_WORKER);

/** A new staff login (an active staff role), made with the service key. */
async function newStaffLogin(): Promise<{ id: string; email: string; password: string }> {
  const email = uniqueEmail('revoked-staff');
  const password = 'Revoked-staff-pass-1';
  const user = (await stack('/auth/v1/admin/users', {
    method: 'POST',
    body: { email, password, email_confirm: true, user_metadata: { first_name: 'Robin', last_name: 'Revoked' } },
  })) as { id: string };
  await stack('/rest/v1/user_roles', { method: 'POST', body: { user_id: user.id, role: 'staff' }, headers: { Prefer: 'return=minimal' } });
  return { id: user.id, email, password };
}

async function adminToken(): Promise<string> {
  const signInAnswer = await fetch(`${STACK_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  return ((await signInAnswer.json()) as { access_token: string }).access_token;
}

/** The admin deactivates an account through manage-user, as the user page does. */
async function adminDeactivates(userId: string): Promise<void> {
  const answer = await fetch(`${STACK_URL}/functions/v1/manage-user`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${await adminToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'deactivate', userId }),
  });
  expect(answer.status).toBe(200);
}

/** The admin revokes a user's roles with their own session (row-level security applies). */
async function adminRevokes(userId: string): Promise<void> {
  const token = await adminToken();
  const revoke = await fetch(`${STACK_URL}/rest/v1/user_roles?user_id=eq.${userId}`, {
    method: 'PATCH',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: JSON.stringify({ _deleted: true }),
  });
  expect(revoke.status).toBe(200);
  expect(await revoke.json()).toEqual([expect.objectContaining({ user_id: userId, role: 'staff', _deleted: true })]);
}

test('an admin revokes a staff member\'s role: their open app stops showing the directory at the next sync and wipes it', async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await newStaffLogin();
  await signIn(page, staff.email, staff.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await openList(page, '/providers');
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 30_000 });

  const deviceData = () =>
    page.evaluate(async (id) => {
      const databases = (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.includes(id));
      const saved = Object.keys(localStorage).filter((key) => key.includes(id) && !key.includes('access'));
      return { databases: databases.length, saved: saved.length };
    }, staff.id);
  const before = await deviceData();
  expect(before.databases).toBeGreaterThan(0);
  expect(before.saved).toBeGreaterThan(0);

  await adminRevokes(staff.id);

  // No reload, no navigation: the open app learns it at its next sync.
  const noAccess = page.getByTestId('no-access-page');
  await expect(noAccess).toBeVisible({ timeout: 45_000 });
  await expect(noAccess).toHaveAttribute('data-level', 'revoked');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your access has been removed');
  await expect(page.getByTestId('provider-rows')).toHaveCount(0);
  await expect.poll(deviceData, { timeout: 30_000 }).toEqual({ databases: 0, saved: 0 });
  await page.screenshot({ path: test.info().outputPath('access-removed.png'), fullPage: true });

  // Reloading does not bring anything back.
  await page.goto('/providers');
  await expect(page.getByTestId('no-access-page')).toBeVisible();
  await expect(page.getByTestId('provider-rows')).toHaveCount(0);
  await expect.poll(deviceData).toEqual({ databases: 0, saved: 0 });
});

test("an admin deactivates a staff member: their open app ends at once, not when the token expires", async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await newStaffLogin();
  await signIn(page, staff.email, staff.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await openList(page, '/providers');
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 30_000 });

  await adminDeactivates(staff.id);

  // The access token (an hour long) is still valid for the Data API; Auth refuses it now.
  const noAccess = page.getByTestId('no-access-page');
  await expect(noAccess).toBeVisible({ timeout: 45_000 });
  await expect(noAccess).toHaveAttribute('data-level', 'deactivated');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account deactivated');
  await expect(page.getByTestId('provider-rows')).toHaveCount(0);
});
