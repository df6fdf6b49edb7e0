/**
 * Journey (issue 33): staff import a client's list of 50 NPIs from the registry
 * simulator's data, 3 of them bad (a wrong check digit, the same NPI twice in the file, an
 * NPI already in the directory). The preview names the 3 problems before anything is
 * created; a reload during the NPPES lookups and one during the creations lose nothing; the import creates the 47
 * others (they reach the server) and the downloaded report names the 3. The row checks
 * and the job's rules are tested in unit tests.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { INVALID_CHECK_DIGIT_NPIS, NAMED_NPIS, providerSummaries } from '../supabase/local/simulator/fixtures.ts';
import { RESERVED_FOR_CREATION } from '../supabase/seed/demo-providers.ts';
import { STAFF, signIn } from './support/session.ts';
import { SEED, stack } from './support/providers.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

test('a CSV of 50 NPIs with 3 bad rows previews the problems, survives a reload and imports 47 providers', async ({ page }) => {
  test.setTimeout(240_000);
  const inDirectory = new Set(((await stack('/rest/v1/providers?select=npi&npi=not.is.null')) as Array<{ npi: string }>).map((row) => row.npi));
  const reserved = new Set<string>([...RESERVED_FOR_CREATION, ...Object.values(NAMED_NPIS)]);
  const good = providerSummaries()
    .filter((summary) => summary.enumerationType === 'NPI-1' && summary.firstName && !inDirectory.has(summary.npi) && !reserved.has(summary.npi))
    .reverse()
    .slice(0, 47)
    .map((summary) => summary.npi);
  expect(good).toHaveLength(47);
  const lines = ['npi,account_number', ...good.slice(0, 20).map((npi) => `${npi},10001`), `${INVALID_CHECK_DIGIT_NPIS[0]},10001`, `${good[0]},10001`, `${SEED.obrien.npi},10001`, ...good.slice(20).map((npi) => `${npi},10001`)];

  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/providers');
  await page.getByRole('link', { name: 'Import NPIs' }).click();
  // The file is checked against the directory on this device: the input opens once it has synced.
  await expect(page.getByLabel('CSV file of NPIs')).toBeEnabled({ timeout: 90_000 });
  // A drop zone that says what it takes, not the browser's bare picker; a wrong kind dropped is refused.
  const zone = page.getByTestId('file-drop-zone');
  await expect(zone).toContainText('A CSV file (.csv) of at most 1,000 rows');
  const spreadsheet = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['x'], 'npis.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    return transfer;
  });
  await zone.dispatchEvent('drop', { dataTransfer: spreadsheet });
  await expect(page.getByRole('alert')).toContainText('npis.xlsx is not a file this takes: A CSV file (.csv) of at most 1,000 rows.');
  await page.getByLabel('CSV file of NPIs').setInputFiles({ name: 'client-npis.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });

  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('50 rows', { timeout: 30_000 });
  await expect(page.getByTestId('import-row-22')).toContainText('This is not a valid NPI: its check digit does not match.');
  await expect(page.getByTestId('import-row-23')).toContainText('Same NPI as row 2.');
  await expect(page.getByTestId('import-row-24')).toContainText(`Already in the directory: ${SEED.obrien.name}.`);
  // A reload during the lookups: the rows already answered stay, the rest are looked up.
  await expect(page.getByTestId('import-row-5')).toContainText('Ready', { timeout: 30_000 });
  await page.reload();
  await expect(summary).toHaveText('client-npis.csv: 50 rows, 47 ready, 3 with problems.', { timeout: 60_000 });

  await page.getByRole('button', { name: 'Import 47 providers' }).click();
  // A reload during the creations: those made stay made (their ids were chosen up front), the rest follow.
  await expect(page.getByTestId('import-progress')).toContainText(/Importing: ([3-9]|[1-3]\d) of 47 rows done/, { timeout: 60_000 });
  await page.reload();
  await expect(page.getByTestId('import-progress')).toHaveText('Import finished: 47 of 47 rows done (47 created).', { timeout: 120_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report' }).click();
  const report = await readFile(await (await download).path(), 'utf8');
  const skipped = report.split('\r\n').filter((line) => line.includes(',skipped,'));
  expect(skipped).toHaveLength(3);
  expect(skipped[0]).toMatch(new RegExp(`^22,${INVALID_CHECK_DIGIT_NPIS[0]},`));
  expect(skipped[1]).toContain('Same NPI as row 2.');
  expect(skipped[2]).toContain(`Already in the directory: ${SEED.obrien.name}.`);

  // The providers are written on the device and reach the server by sync.
  await expect
    .poll(async () => ((await stack(`/rest/v1/providers?select=id&npi=in.(${good.join(',')})`)) as unknown[]).length, { timeout: 45_000 })
    .toBe(47);
});
