/**
 * Screenshots of each step of adding a provider, desktop (1440×900) and tablet (820×1180),
 * light and dark, into test-results/screenshots/ for people to look at: type selection,
 * the lookup with a verified NPI and with a validation issue, the prefilled individual form
 * and the non-healthcare form with its validation messages. Nothing is saved.
 */
import { expect, test } from '@playwright/test';
import { NPIS, chooseProviderType, verifyNpi } from './support/add-provider.ts';
import { STAFF, signIn } from './support/session.ts';
import { expectAccessible } from './support/accessibility.ts';
import { SCREENSHOT_CASES } from './support/screenshot-matrix.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);


for (const { theme, ...viewport } of SCREENSHOT_CASES) {
  test(`add-provider screenshots: ${viewport.tag}, ${theme}`, async ({ page }) => {
    test.setTimeout(300_000); // each page is also checked for accessibility, in both themes
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const shoot = async (step: string) => {
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `test-results/screenshots/add-provider-${step}-${viewport.tag}-${theme}.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await expectAccessible(page, `add provider: ${step}`);
    };

    await signIn(page, STAFF.email, STAFF.password);
    await expect(page).not.toHaveURL(/\/auth/);

    await page.goto('/providers/type-selection');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Provider' })).toBeVisible();
    await shoot('type-selection');

    await page.getByRole('button', { name: 'Individual Provider', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'NPI Lookup' })).toBeVisible();
    await verifyNpi(page, NPIS.organization);
    await expect(page.getByTestId('npi-validation-issue')).toBeVisible();
    await shoot('lookup-validation-issue');

    await verifyNpi(page, NPIS.janeDoe);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await shoot('lookup-verified');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Individual Provider' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Jane');
    await shoot('create-individual');

    await chooseProviderType(page, 'Non-Healthcare Provider');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Non-Healthcare Provider' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Provider' }).click();
    await expect(page.getByText('Organization is required', { exact: true })).toBeVisible();
    await shoot('create-non-healthcare-errors');
  });
}
