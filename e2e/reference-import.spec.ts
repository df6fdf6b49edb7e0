/**
 * Journey: an admin imports a compendium CSV with two bad rows and a demo ICD-10-CM order
 * file (issue 26), sees each report (what is added, changed and refused, with the reasons),
 * and finds a test the import added in the compendium on this device. A staff member is
 * told the page is for admins.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, signIn } from './support/session.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

async function importFile(page: Page, card: string, file: string, release: string) {
  const section = page.getByTestId(card);
  await section.getByLabel('File').setInputFiles(path.join(FIXTURES, file));
  await section.getByLabel('Release name').fill(release);
  await section.getByRole('button', { name: 'Check file' }).click();
  return section;
}

test('an admin imports a compendium with two bad rows and an ICD-10-CM order file, and sees the reports', async ({ page }) => {
  // Two imports, each checked and applied on the server, and the device fetching each new version.
  test.setTimeout(360_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 60_000 });
  await page.getByRole('link', { name: 'Reference data' }).click();
  await expect(page.getByRole('heading', { name: 'Reference data', level: 1 })).toBeVisible({ timeout: 60_000 });
  const versions = page.getByTestId('reference-versions');
  // The device fetches the reference data in the background after sign-in.
  await expect(versions).toContainText('Version 1: Demo compendium 2026', { timeout: 60_000 });

  // The compendium: the check reports what would change, and nothing changes yet.
  const compendium = await importFile(page, 'import-compendium', 'compendium-two-bad-rows.csv', 'E2E compendium');
  await expect(compendium.getByTestId('import-summary')).toHaveText(
    'Checked against version 1. Import applies the rows below and skips the 2 refused rows.',
  );
  await expect(compendium.getByTestId('count-added')).toHaveText('3 added');
  await expect(compendium.getByTestId('count-changed')).toHaveText('1 changed');
  await expect(compendium.getByTestId('count-refused')).toHaveText('2 refused');
  const refused = compendium.locator('tr[data-outcome="refused"]');
  await expect(refused.nth(0)).toContainText('COPPER');
  await expect(refused.nth(0)).toContainText('cpt_codes: “8252” is not a CPT or HCPCS code');
  await expect(refused.nth(1)).toContainText('container: required.');
  await expect(refused.nth(1)).toContainText('transport_temperature: “warm” is not one of ambient, refrigerated, frozen.');
  await expect(compendium.locator('tr[data-outcome="changed"]')).toContainText('Changes stability');

  await compendium.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(compendium.getByTestId('import-summary')).toHaveText(
    'Imported: version 2 is published, and devices fetch it when they next start online.',
  );
  await expect(versions).toContainText('Version 2: E2E compendium', { timeout: 60_000 });

  // The ICD-10-CM order file, as an update.
  const icd = page.getByTestId('import-icd10cm');
  await icd.getByText('An update: add and change codes, remove none').click();
  await importFile(page, 'import-icd10cm', 'icd10cm-order-demo.txt', 'FY2026 update');
  await expect(icd.getByTestId('count-added')).toHaveText('3 added');
  await expect(icd.getByTestId('count-unchanged')).toHaveText('2 unchanged');
  await expect(icd.locator('tr[data-outcome="added"]').first()).toContainText('E08');
  await icd.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(icd.getByTestId('import-summary')).toHaveText('Imported: version 2 is published, and devices fetch it when they next start online.');
  await expect(versions).toContainText('Version 2: FY2026 update', { timeout: 60_000 });
  await page.screenshot({ path: 'test-results/screenshots/reference-import.png', fullPage: true });

  // The new version is on this device: the compendium lists the added test with its detail.
  await page.getByRole('link', { name: 'Test compendium' }).click();
  await page.getByLabel('Search tests').fill('zinc');
  await page.getByRole('row', { name: /Zinc, serum/ }).click();
  await expect(page.getByRole('heading', { name: 'Zinc, serum', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Royal-blue-top trace-element tube')).toBeVisible();
});

test('a staff member browses the compendium, and is told the import page is for admins', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 60_000 });
  await page.getByRole('link', { name: 'Test compendium' }).click();
  await page.getByLabel('Search tests').fill('lipid panel');
  await page.getByRole('row', { name: /Lipid panel/ }).click({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Lipid panel', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Order questions' })).toContainText('Is the patient fasting (nothing but water for 8 hours or more)?');
  await page.screenshot({ path: 'test-results/screenshots/compendium-test.png', fullPage: true });

  await page.goto('/reference');
  await expect(page.getByRole('heading', { name: 'Reference data', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('admin-only')).toHaveText(
    'This page is for admins. The reference data (the test compendium, ICD-10-CM codes and Medicare’s lab NCDs) is imported by an admin, and the server refuses an import from any other account.',
  );
  await expect(page.getByRole('button', { name: 'Check file' })).toHaveCount(0);
});
