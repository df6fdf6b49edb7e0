/**
 * Journey: the route table of spec §2. Unknown paths go to `/`; the old admin addresses and
 * the `manage` roots redirect; every guarded route exists inside the main layout; a page
 * whose code cannot be loaded shows the router's error screen with a way back.
 */
import { expect, test } from '@playwright/test';
import { sharedSignedInPage } from './support/session.ts';

const GUARDED = [
  '/dashboard',
  '/welcome',
  '/providers',
  '/providers/healthcare',
  '/providers/non-healthcare',
  '/providers/type-selection',
  '/providers/lookup',
  '/providers/create',
  '/organizations',
  '/organizations/type-selection',
  '/organizations/new',
  '/organizations/lookup',
  '/organizations/create',
  '/organizations/healthcare',
  '/organizations/non-healthcare',
  '/organizations/sole-proprietor',
  '/organizations/members',
  '/organizations/7a1d6f3e-0000-4000-8000-000000000001/manage/edit',
  '/organizations/7a1d6f3e-0000-4000-8000-000000000001/manage/schedule',
  '/organizations/7a1d6f3e-0000-4000-8000-000000000001/manage/people',
  '/organization-memberships',
  '/orders',
  '/orders/entry',
  '/timeline',
  '/patients',
  '/patients/add',
  '/users',
  '/users/manage/7a1d6f3e-0000-4000-8000-000000000002',
];

// The steps of the add flows need a type chosen first (spec §2): a deep link lands on type selection.
const FLOW_STEPS = new Map([
  ['/providers/lookup', '/providers/type-selection'],
  ['/providers/create', '/providers/type-selection'],
  ['/organizations/lookup', '/organizations/type-selection'],
  ['/organizations/create', '/organizations/type-selection'],
]);

test('an unknown path goes to the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Every ordering provider');
});

test('the landing page leads to sign-in and sign-up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole('tab', { name: 'Sign in', selected: true })).toBeVisible();
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await expect(page.getByRole('tab', { name: 'Create account', selected: true })).toBeVisible();
});

test.describe('signed in', () => {
  const staff = sharedSignedInPage();

  test('old and root addresses redirect', async () => {
    const page = staff();
    const redirects: Array<[string, RegExp]> = [
      ['/admin/users', /\/users$/],
      ['/admin/users-management', /\/users$/],
      ['/organizations/7a1d6f3e-0000-4000-8000-000000000001/manage', /\/organizations\/7a1d6f3e-0000-4000-8000-000000000001\/manage\/edit$/],
      ['/providers/7a1d6f3e-0000-4000-8000-000000000003/manage', /\/providers\/7a1d6f3e-0000-4000-8000-000000000003\/manage\/edit$/],
    ];
    for (const [from, to] of redirects) {
      await page.goto(from);
      await expect(page).toHaveURL(to);
    }
  });

  test('every guarded route opens inside the main layout', async () => {
    const page = staff();
    // Each address is opened as a deep link (a full page load), as a bookmark would be.
    test.setTimeout(GUARDED.length * 10_000);
    for (const path of GUARDED) {
      await page.goto(path);
      // The page first (its code loads after the document): a redirect happens before it shows.
      // .first(): a patient page after a full load also shows the lock's own heading until unlocked.
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      const landing = FLOW_STEPS.get(path) ?? path;
      await expect(page, path).toHaveURL(new RegExp(`${landing.replace(/[?]/g, '\\?')}$`));
      await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible();
      await expect(page.getByText('Unexpected Application Error!'), path).toHaveCount(0);
    }
  });

  test('the navigation marks the current section and works from the keyboard', async () => {
    const page = staff();
    await page.goto('/organizations/healthcare');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Organizations' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Timeline' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/timeline$/);
    await expect(nav.getByRole('link', { name: 'Timeline' })).toHaveAttribute('aria-current', 'page');
  });

  test('below 1024 px the navigation is a drawer', async () => {
    const page = staff();
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Order entry' }).click();
    await expect(page).toHaveURL(/\/orders\/entry$/);
    await expect(drawer).toBeHidden();
  });
});

test.describe('without the service worker', () => {
  // page.route sees only the page's own requests: once the service worker controls the
  // page (it claims the first page), the chunk would come through it and not be aborted.
  test.use({ serviceWorkers: 'block' });

  test('a page whose code cannot be loaded says so in words and reloads into the page', async ({ page }) => {
    await page.route(/\/assets\/landing-page-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'This page is not on this device yet' })).toBeVisible();
    await expect(page.getByText('Part of the app could not be loaded. A new version may have been released: reload to use it. Your drafts are kept.')).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    await page.unroute(/\/assets\/landing-page-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Every ordering provider');
  });
});
