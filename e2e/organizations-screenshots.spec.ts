/**
 * Screenshots of the organization pages, desktop and tablet, light and dark (the matrix of
 * support/screenshot-matrix.ts), into test-results/screenshots/organizations-*.png. Each
 * shot also checks that the page rendered its heading and no error screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session.ts';
import { SCREENSHOT_CASES } from './support/screenshot-matrix.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

/** Capital Region Medical Group PLLC (supabase/seed/demo-organizations.ts). */
const CAPITAL_REGION = '0c4f3311-8455-5ee2-9cec-f67e51c00036';

const PAGES = [
  { name: 'list', path: '/organizations' },
  { name: 'list-sole-proprietor', path: '/organizations/sole-proprietor' },
  { name: 'type-selection', path: '/organizations/type-selection' },
  { name: 'manage-edit', path: `/organizations/${CAPITAL_REGION}/manage/edit` },
  { name: 'manage-schedule', path: `/organizations/${CAPITAL_REGION}/manage/schedule` },
  { name: 'manage-people', path: `/organizations/${CAPITAL_REGION}/manage/people` },
  { name: 'memberships', path: '/organization-memberships' },
  { name: 'not-found', path: '/organizations/00000000-0000-4000-8000-00000000beef/manage/edit' },
];

async function shoot(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.getByTestId('organization-list-loading')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('organization-loading')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('membership-list-loading')).toHaveCount(0, { timeout: 60_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/screenshots/organizations-${name}.png`, fullPage: true });
}

for (const { theme, ...viewport } of SCREENSHOT_CASES) {
  test(`organization pages: ${viewport.tag}, ${theme}`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signIn(page, STAFF.email, STAFF.password);
    await expect(page).not.toHaveURL(/\/auth/);
    for (const { name, path } of PAGES) {
      await page.goto(path);
      if (name.startsWith('list')) await expect(page.getByTestId('organization-rows').getByRole('row').first()).toBeVisible({ timeout: 60_000 });
      await shoot(page, `${name}-${viewport.tag}-${theme}`);
    }
  });
}
