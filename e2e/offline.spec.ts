/**
 * Journey: working offline. A user who signed in before reopens the app with no connection
 * after their access token has expired: the service worker serves the app, the session
 * store keeps them signed in (working on this device's data) instead of signing them out,
 * and once the connection is back the session is refreshed.
 */
import { expect, test } from '@playwright/test';
import { STAFF, signIn } from './support/session.ts';

test('an expired session offline keeps the user in, and refreshes once back online', async ({ page, context }) => {
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/timeline');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  // The access token runs out while the device is offline.
  await page.evaluate(() => {
    const raw = localStorage.getItem('lab-directory.auth');
    if (!raw) throw new Error('no stored session');
    const session = JSON.parse(raw) as { expires_at: number };
    session.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem('lab-directory.auth', JSON.stringify(session));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/timeline$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Timeline' })).toBeVisible();
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'offline');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toContainText(STAFF.email);
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const raw = localStorage.getItem('lab-directory.auth');
        return raw ? (JSON.parse(raw) as { expires_at: number }).expires_at * 1000 > Date.now() : false;
      }),
    )
    .toBe(true);
  await expect(page.getByTestId('sync-indicator')).not.toHaveAttribute('data-tone', 'offline');
  await expect(page).toHaveURL(/\/timeline$/);
});
