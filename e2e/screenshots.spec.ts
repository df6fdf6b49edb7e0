/**
 * Screenshots of every page of the shell (public pages, the welcome page, and the pages
 * still waiting for their issue), desktop (1440×900) and tablet (768×1024), light
 * and dark, into test-results/screenshots/ for people to look at. Each shot also checks that
 * the page rendered its heading and no error screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, signIn } from './support/session.ts';
import { SCREENSHOT_CASES } from './support/screenshot-matrix.ts';
import { expectAccessible } from './support/accessibility.ts';


const PUBLIC_PAGES = [
  { name: 'landing', path: '/' },
  { name: 'sign-in', path: '/auth/signin' },
  { name: 'sign-up', path: '/auth/signup' },
  { name: 'set-password', path: '/auth/set-password' },
];

const APP_PAGES = [
  { name: 'welcome', path: '/welcome' },
  { name: 'dashboard', path: '/dashboard' },
  // The provider pages have their own screenshot specs; the list shows the shell with real content.
  { name: 'providers', path: '/providers' },
  { name: 'organizations', path: '/organizations' },
  { name: 'organization-manage-edit', path: '/organizations/7a1d6f3e-0000-4000-8000-000000000001/manage/edit' },
  { name: 'order-entry', path: '/orders/entry' },
  { name: 'timeline', path: '/timeline' },
  // A full load forgets the patient data's key: these show the unlock form beside the page.
  { name: 'patients', path: '/patients' },
  { name: 'patient-add', path: '/patients/add' },
  { name: 'users', path: '/users' },
];

async function shoot(page: Page, name: string, tag: string, theme: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.getByTestId('full-screen-spinner')).toHaveCount(0);
  // Let transitions and toasts settle so shots are stable.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/screenshots/${name}-${tag}-${theme}.png` });
  await expectAccessible(page, name);
}

for (const { theme, ...viewport } of SCREENSHOT_CASES) {
  test.describe(`screenshots: ${viewport.tag}, ${theme}`, () => {
    test.beforeEach(async ({ page }) => {
      test.setTimeout(300_000); // each page is also checked for accessibility, in both themes
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    });

    test('public pages', async ({ page }) => {
      for (const { name, path } of PUBLIC_PAGES) {
        await page.goto(path);
        await shoot(page, name, viewport.tag, theme);
      }
    });

    test('pages of a signed-in staff member', async ({ page }) => {
      // Visiting pages edits nothing, so nothing may be pushed, even when a page load cuts
      // the first download short (the pushes of downloaded rows were refused by RLS).
      const pushes: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rest/v1/rpc/sync_push')) pushes.push(request.postData() ?? '');
      });
      await signIn(page, STAFF.email, STAFF.password);
      await expect(page).not.toHaveURL(/\/auth/);
      for (const { name, path } of APP_PAGES) {
        await page.goto(path);
        await shoot(page, name, viewport.tag, theme);
      }

      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/user-menu-${viewport.tag}-${theme}.png` });
      await expectAccessible(page, 'the user menu');
      await page.keyboard.press('Escape');

      await page.getByTestId('sync-indicator').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/sync-status-${viewport.tag}-${theme}.png` });
      await expectAccessible(page, 'the sync status');
      await page.keyboard.press('Escape');

      if (viewport.tag === 'tablet') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.screenshot({ path: `test-results/screenshots/navigation-drawer-${viewport.tag}-${theme}.png` });
        await expectAccessible(page, 'the navigation drawer');
        await page.keyboard.press('Escape');
      }
      expect(pushes, 'rows pushed by a visit that edited nothing').toEqual([]);
    });

    test('the admin accent and section', async ({ page }) => {
      await signIn(page, ADMIN.email, ADMIN.password);
      await expect(page).not.toHaveURL(/\/auth/);
      for (const { name, path } of [
        { name: 'users-as-admin', path: '/users' },
        { name: 'users-settings', path: '/users/settings' },
        { name: 'reference-admin', path: '/reference' },
      ]) {
        await page.goto(path);
        await shoot(page, name, viewport.tag, theme);
      }
    });
  });
}
