/**
 * Screenshots of the provider directory pages, desktop (1440×900) and tablet (820×1180),
 * light and dark, into test-results/screenshots/providers-*.png for people to look at. Each
 * shot also checks that the page rendered its heading and no error screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { STAFF, signIn } from './support/session.ts';
import { providerRow, SEED } from './support/providers.ts';
import { SCREENSHOT_CASES } from './support/screenshot-matrix.ts';
import { expectAccessible } from './support/accessibility.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);


const PAGES = [
  { name: 'list', path: '/providers' },
  { name: 'list-healthcare', path: '/providers/healthcare' },
  { name: 'list-non-healthcare', path: '/providers/non-healthcare' },
  { name: 'manage-edit', path: `/providers/${SEED.okafor.id}/manage/edit` },
  { name: 'manage-preferences', path: `/providers/${SEED.okafor.id}/manage/preferences` },
  { name: 'manage-delegates', path: `/providers/${SEED.okafor.id}/manage/delegates` },
  { name: 'not-found', path: '/providers/00000000-0000-4000-8000-00000000beef/manage/edit' },
];

async function shoot(page: Page, name: string, fullPage = false) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.getByTestId('full-screen-spinner')).toHaveCount(0);
  await expect(page.getByTestId('provider-list-loading')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('provider-loading')).toHaveCount(0, { timeout: 60_000 });
  // Let transitions settle so the shots are stable.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/screenshots/providers-${name}.png`, fullPage });
  await expectAccessible(page, `providers: ${name}`);
}

for (const { theme, ...viewport } of SCREENSHOT_CASES) {
  test(`provider pages: ${viewport.tag}, ${theme}`, async ({ page }) => {
    test.setTimeout(300_000); // each page is also checked for accessibility, in both themes
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signIn(page, STAFF.email, STAFF.password);
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/providers');
    await expect(providerRow(page, 'George Abernathy')).toBeVisible({ timeout: 60_000 });

    for (const { name, path } of PAGES) {
      await page.goto(path);
      // A page load reopens the local database first: on a busy machine that takes a while.
      if (name.startsWith('list')) await expect(page.getByTestId('provider-rows').getByRole('row').first()).toBeVisible({ timeout: 60_000 });
      if (name === 'manage-edit') await expect(page.getByTestId('edit-provider-form')).toBeVisible({ timeout: 60_000 });
      await shoot(page, `${name}-${viewport.tag}-${theme}`, name === 'manage-edit');
    }

    await page.goto('/providers');
    await expect(page.getByTestId('provider-rows').getByRole('row').first()).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Search providers' }).fill('zzqx');
    await expect(page.getByTestId('provider-list-empty')).toBeVisible();
    await shoot(page, `empty-search-${viewport.tag}-${theme}`);
  });
}
