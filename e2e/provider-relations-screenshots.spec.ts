/**
 * Screenshots of the provider-relations parts and each of their dialogs — desktop
 * (1440×900) and tablet (820×1180), light and dark — into test-results/screenshots/ for
 * people to look at. Each shot first checks that what it shows has rendered.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './support/session.ts';
import { ORGS, createProvider, openManage, signInAs } from './provider-relations-helpers.ts';
import { SCREENSHOT_CASES } from './support/screenshot-matrix.ts';
import { expectAccessible } from './support/accessibility.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

test.describe.configure({ timeout: 300_000 });


async function shoot(page: Page, name: string, tag: string, theme: string, fullPage = false): Promise<void> {
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  // Let dialog transitions settle so the shots are stable.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/screenshots/provider-relations-${name}-${tag}-${theme}.png`, fullPage });
  await expectAccessible(page, `provider relations: ${name}`);
}

for (const { theme, ...viewport } of SCREENSHOT_CASES) {
  test(`screenshots: ${viewport.tag}, ${theme}`, async ({ page }) => {
    test.setTimeout(300_000); // each page and dialog is also checked for accessibility, in both themes
    const provider = await createProvider('Sasha', {
      organizations: [ORGS.capitalRegion.id, ORGS.empireDrugTesting.id],
      favoriteReports: ['results@clinic-e2e.test'],
      faxNumber: '518-555-0101',
    });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signInAs(page, ADMIN);

    await openManage(page, provider, 'edit');
    await expect(page.getByTestId('organization-membership')).toHaveCount(2);
    await shoot(page, 'organizations', viewport.tag, theme);
    await page.getByTestId('provider-organizations').getByRole('button', { name: 'Add to Organization' }).click();
    const orgDialog = page.getByRole('dialog', { name: 'Add to Organization' });
    await orgDialog.getByRole('button', { name: 'Add to Organization' }).click();
    await expect(orgDialog.getByText('Organization is required')).toBeVisible();
    await shoot(page, 'add-to-organization-dialog', viewport.tag, theme);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Link User Account' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Link User Account' });
    await linkDialog.getByLabel('Email').fill('staff@demo-lab.test');
    await expect(linkDialog.getByTestId('link-user-warning')).toHaveCount(2);
    await shoot(page, 'link-user-dialog', viewport.tag, theme);
    await page.keyboard.press('Escape');

    await openManage(page, provider, 'preferences');
    await expect(page.getByTestId('provider-preferences-card').getByLabel('Report format')).toBeVisible({ timeout: 60_000 });
    await shoot(page, 'preferences', viewport.tag, theme, true);

    await openManage(page, provider, 'delegates');
    await expect(page.getByTestId('provider-delegates-card')).toBeVisible();
    await page.getByRole('button', { name: 'Add Delegate' }).click();
    const delegateDialog = page.getByRole('dialog', { name: 'Add Delegate' });
    await delegateDialog.getByLabel('Search users').fill('demo-lab');
    await expect(delegateDialog.getByRole('radio').first()).toBeVisible();
    await shoot(page, 'add-delegate-dialog', viewport.tag, theme);
  });
}
