/**
 * Screenshots of every page of the shell (public pages, the welcome page, and the pages
 * still waiting for their issue), desktop (1440×900) and tablet (820×1180), light
 * and dark, into test-results/screenshots/ for people to look at. Each shot also checks that
 * the page rendered its heading and no error screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, signIn, signOut } from './support/session.ts';

const PROVIDER = { email: 'provider@demo-lab.test', password: 'demo-provider-2026' };
import { SCREENSHOT_CASES } from './support/screenshot-matrix.ts';
import { SERVICE_ROLE_KEY, STACK_URL, WITHOUT_SERVICE_WORKER } from './support/env.ts';
import { expectAccessible, expectFocusRings } from './support/accessibility.ts';
import { expectWholeText } from './support/layout.ts';

test.use(WITHOUT_SERVICE_WORKER);


const PUBLIC_PAGES = [
  { name: 'landing', path: '/' },
  { name: 'sign-in', path: '/auth/signin' },
  { name: 'sign-up', path: '/auth/signup' },
  { name: 'set-password', path: '/auth/set-password' },
];

// `rings`: the page's first controls are also tabbed through for their focus rings (2.4.13).
const APP_PAGES: Array<{ name: string; path: string; rings?: boolean }> = [
  { name: 'welcome', path: '/welcome' },
  { name: 'dashboard', path: '/dashboard', rings: true },
  // The provider pages have their own screenshot specs; the list shows the shell with real content.
  { name: 'providers', path: '/providers', rings: true },
  { name: 'organizations', path: '/organizations' },
  { name: 'organization-manage-edit', path: '/organizations/6c0c3587-d5bb-5854-a49e-fad3a26ddcc0/manage/edit' },
  { name: 'order-entry', path: '/orders/entry', rings: true },
  { name: 'timeline', path: '/timeline' },
  // A full load forgets the patient data's key: these show the unlock form beside the page.
  { name: 'patients', path: '/patients' },
  { name: 'patient-add', path: '/patients/add' },
  { name: 'users', path: '/users' },
];

/** The first seeded row of a table, read with the service key (ids for the record pages). */
async function firstId(table: string, filter = ''): Promise<string> {
  const response = await fetch(`${STACK_URL}/rest/v1/${table}?select=id&limit=1${filter}`, { headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
  const [row] = (await response.json()) as Array<{ id: string }>;
  return row!.id;
}

/** A route change inside the app (no full load): the patient data's key stays open. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

async function shoot(page: Page, name: string, tag: string, theme: string) {
  // A full load opens the device's databases again: on a loaded CI machine that can take a while.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
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
      for (const { name, path, rings } of APP_PAGES) {
        await page.goto(path);
        await shoot(page, name, viewport.tag, theme);
        if (rings) await expectFocusRings(page, name);
        // The lists' column headings are whole at every width (not "ACTIVE PR…").
        if (name === 'organizations' || name === 'providers') await expectWholeText(page.locator('[role="columnheader"]'), `${name}: column headings`);
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

    // The laboratory's pages and a provider's own page: looked at with `npm run screenshots`
    // (every page at both widths and themes), not in `npm test`'s one combination.
    test('laboratory pages and a provider’s own page', async ({ page }) => {
      test.skip(process.env.SCREENSHOTS !== 'all', 'npm run screenshots shoots these');
      const [order, result, patient] = await Promise.all([firstId('orders', '&status=eq.resulted'), firstId('results', '&critical=eq.true'), firstId('patients')]);
      await signIn(page, STAFF.email, STAFF.password);
      await expect(page).not.toHaveURL(/\/auth/);
      await page.goto('/patients');
      await page.getByLabel(/^Password/).fill(STAFF.password);
      await page.getByRole('button', { name: 'Open patient records' }).click();
      await expect(page.getByText('Patient records are locked', { exact: true })).toHaveCount(0, { timeout: 30_000 });
      for (const { name, path } of [
        { name: 'patients-unlocked', path: '/patients' },
        { name: 'patient', path: `/patients/${patient}` },
        { name: 'orders', path: '/orders' },
        { name: 'order', path: `/orders/${order}` },
        { name: 'results', path: '/results' },
        { name: 'result', path: `/results/${result}` },
        { name: 'result-queue', path: '/results/queue' },
        { name: 'compendium', path: '/compendium' },
        { name: 'memberships', path: '/organization-memberships' },
        { name: 'organization-people', path: '/organizations/6c0c3587-d5bb-5854-a49e-fad3a26ddcc0/manage/people' },
        { name: 'organization-schedule', path: '/organizations/6c0c3587-d5bb-5854-a49e-fad3a26ddcc0/manage/schedule' },
      ]) {
        await openInApp(page, path);
        await page.waitForTimeout(1500);
        await shoot(page, name, viewport.tag, theme);
      }
      await signOut(page);
      await signIn(page, PROVIDER.email, PROVIDER.password);
      await expect(page).not.toHaveURL(/\/auth/);
      await page.goto('/my-provider');
      await shoot(page, 'my-provider', viewport.tag, theme);
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
