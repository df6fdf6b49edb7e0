/**
 * Journeys of issue 25 (users, roles and access), one per user goal:
 * - an admin invites a staff member, who sets a password and signs in; the admin makes them
 *   admin and back, then deactivates them: their open session stops at its next refresh and
 *   they cannot sign in again;
 * - a provider's own login sees their own record, on a page of its own;
 * - a staff member who leaves the app idle past the timeout finds it locked, offline, and
 *   unlocks it with their password.
 * The refusals' statuses and messages are in the contract tests (tests/contract/users-*).
 */
import { expectApart, expectWholeText } from './support/layout.ts';
import { expect, test, type Page } from '@playwright/test';
import { mailFor, signInAs, toastSaying } from './provider-relations-helpers.ts';
import { ADMIN, signIn, STAFF, toastWith, uniqueEmail } from './support/session.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

const PROVIDER = { email: 'provider@demo-lab.test', password: 'demo-provider-2026' };

/** The device has everything the server had (a first sync on a loaded machine takes a while). */
async function upToDate(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sync status: Up to date' })).toBeVisible({ timeout: 120_000 });
}

test('an admin invites a staff member, changes their role, and deactivates them', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('staff-invite');
  await signInAs(page, ADMIN);
  await page.goto('/users');
  await upToDate(page);
  await page.getByRole('button', { name: 'Invite staff member' }).click();
  const dialog = page.getByTestId('invite-staff-dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Noor');
  await dialog.getByLabel('Last name').fill('Haddad');
  await dialog.getByLabel('Professional title').fill('Phlebotomist');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toastSaying(page, `Noor Haddad is invited: an invitation email has been sent to ${email}.`)).toBeVisible({ timeout: 60_000 });

  // The new staff member opens the link, chooses a password, and is in.
  await expect.poll(async () => (await mailFor(email)).some((item) => item.kind === 'invite')).toBe(true);
  const link = (await mailFor(email)).find((item) => item.kind === 'invite')?.link ?? '';
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await staffPage.clock.install();
  await staffPage.goto(link);
  await expect(staffPage).toHaveURL(/\/auth\/set-password/);
  await staffPage.getByLabel('New password').fill('Noor-pass-2026');
  await staffPage.getByLabel('Confirm password').fill('Noor-pass-2026');
  await staffPage.getByRole('button', { name: 'Save password' }).click();
  await expect(staffPage).toHaveURL(/\/welcome$/, { timeout: 30_000 });
  await staffPage.goto('/providers');
  await expect(staffPage.getByTestId('provider-rows').getByRole('row').first()).toBeVisible({ timeout: 60_000 });

  // The admin finds them on /users and makes them admin, then staff again.
  await page.goto(`/users?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: 'Noor Haddad' }).click();
  await expect(page).toHaveURL(/\/users\/manage\//);
  await page.getByRole('button', { name: 'Make admin' }).click();
  await expect(toastWith(page, 'Roles Updated').filter({ hasText: 'Noor Haddad is now an admin.' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove admin' }).click();
  await expect(toastWith(page, 'Roles Updated').filter({ hasText: 'Noor Haddad is no longer an admin.' })).toBeVisible();

  // Deactivated: the open session ends at its next refresh, and signing in is refused.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(toastWith(page, 'User Deactivated')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();

  // Their access token lapses within the hour; the refresh is refused, and the session ends.
  await staffPage.clock.fastForward('01:01:00');
  await expect(staffPage).toHaveURL(/\/auth/, { timeout: 60_000 });
  await signIn(staffPage, email, 'Noor-pass-2026');
  await expect(toastWith(staffPage, 'Authentication Error').filter({ hasText: 'User is banned' })).toBeVisible();
  await expect(staffPage).toHaveURL(/\/auth/);
  await staffContext.close();
});

test("a provider's own login sees their own record on a page of its own", async ({ page }) => {
  await signInAs(page, PROVIDER);
  await expect(page).toHaveURL(/\/my-provider$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Okafor', { timeout: 60_000 });
  await expect(page.getByTestId('my-provider')).toBeVisible();
  // At 1440 px the preferences card is half the page: its emails and fax numbers stack, never overlap.
  const emails = page.getByTestId('distribution-emails');
  const faxes = page.getByTestId('fax-numbers');
  await expectApart(emails, faxes, 'the distribution emails and the fax numbers');
  await expectWholeText(emails.or(faxes), 'the distribution emails and the fax numbers at 1440 px');
  // The staff pages are not theirs: any of them leads back here, and there is no Users item.
  await page.goto('/providers');
  await expect(page).toHaveURL(/\/my-provider$/);
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
});

test('left idle past the timeout, the app locks; offline, the password unlocks it', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.clock.install();
  await signInAs(page, STAFF);
  // The device keeps what checks the password offline once its key derivation after sign-in has run
  // (slow on a busy machine). It runs in the page that signed in: leaving that page first (a reload,
  // a typed address) drops it, and offline the lock screen then rightly says it cannot check.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('lab-directory.lock.verifier.'))), { timeout: 30_000 }).toBe(true);
  await page.goto('/providers');
  await expect(page.getByTestId('provider-rows').getByRole('row').first()).toBeVisible({ timeout: 60_000 });
  // The rows from this device's own copy (until the first download is done they come from the server).
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 60_000 });

  await context.setOffline(true);
  await page.clock.fastForward('16:00');
  const lock = page.getByTestId('lock-screen');
  await expect(lock).toBeVisible();
  await expect(lock.getByTestId('lock-user-name')).toHaveText('Chris Alvarez');
  // Nothing behind it can be read or focused.
  await expect(page.getByTestId('provider-rows')).toBeHidden();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="lock-screen"]') || document.activeElement === document.body)).toBe(true);

  await lock.getByRole('textbox', { name: 'Password' }).fill('not-my-password');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock.getByRole('alert')).toHaveText('Incorrect password. 4 tries left before you are signed out.');

  await lock.getByRole('textbox', { name: 'Password' }).fill(STAFF.password);
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toBeHidden();
  await expect(page.getByTestId('provider-rows').getByRole('row').first()).toBeVisible();
  await context.setOffline(false);
});
