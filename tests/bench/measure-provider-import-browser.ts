/**
 * The bulk import's time for 500 NPIs in the browser (issue 33), through the page as staff
 * use it: a fresh seeded stack and the production build (bench-env.ts), a staff member
 * signs in, opens /providers/import once the directory has synced, and chooses a CSV of 500
 * NPIs (import-npis.ts) for the seeded client account 10001. Measured: the NPPES lookups
 * (file chosen → "Import N providers" offered: one lookup every NPPES_SPACING_MS, the
 * registry's pace), the creations on the device (Import clicked → "Import finished"), with
 * the rate, and when the created providers had all reached the server by sync.
 * Run: `npx tsx tests/bench/measure-provider-import-browser.ts [appPort] [stackPort]`.
 */
import type { Page } from '@playwright/test';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { startBenchEnv } from './bench-env.ts';
import { benchNpis } from './import-npis.ts';
import { STAFF } from './measure-app.ts';

const appPort = Number(process.argv[2] ?? 4442);
const stackPort = Number(process.argv[3] ?? 54442);
const COUNT = 500;
const log = (line: string) => console.log(`[import-bench] ${line}`);

async function serverCount(stackUrl: string, npis: readonly string[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < npis.length; i += 100) {
    const response = await fetch(`${stackUrl}/rest/v1/providers?select=id&npi=in.(${npis.slice(i, i + 100).join(',')})`, {
      headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
    total += ((await response.json()) as unknown[]).length;
  }
  return total;
}

/** The progress line's "N of M rows done", sampled while the creations run. */
async function progress(page: Page): Promise<number> {
  const text = (await page.getByTestId('import-progress').textContent().catch(() => null)) ?? '';
  return Number(/: (\d+) of \d+ rows done/.exec(text)?.[1] ?? 0);
}

const env = await startBenchEnv({ appPort, stackPort, log });
try {
  const npis = benchNpis(COUNT);
  const before = await serverCount(env.stack.url, npis);
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${env.appUrl}/providers`);
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/providers$/, { timeout: 60_000 });
  await page.getByRole('link', { name: 'Import NPIs' }).click();
  const input = page.getByLabel('CSV file of NPIs');
  // The file is checked against the directory on this device: the input opens once it has synced.
  await page.waitForFunction(() => (document.querySelector('input[type="file"]') as HTMLInputElement | null)?.disabled === false, null, { timeout: 180_000 });

  const csv = ['npi,account_number', ...npis.map((npi) => `${npi},10001`)].join('\n');
  const chosen = Date.now();
  await input.setInputFiles({ name: 'bench-500.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const importButton = page.getByRole('button', { name: /^Import \d+ providers$/ });
  await importButton.waitFor({ timeout: 20 * 60_000 });
  const lookupSeconds = (Date.now() - chosen) / 1000;
  const ready = Number(/\d+/.exec((await importButton.textContent()) ?? '')?.[0] ?? 0);
  log(`lookups: ${COUNT} NPIs in ${lookupSeconds.toFixed(1)} s; ${await page.getByTestId('import-summary').textContent()}`);
  if (ready === 0) throw new Error('No row is ready to create: the bench measures nothing.');

  const started = Date.now();
  await importButton.click();
  const samples: string[] = [];
  for (;;) {
    const text = (await page.getByTestId('import-progress').textContent().catch(() => null)) ?? '';
    if (text.startsWith('Import finished')) break;
    if (Date.now() - started > 30 * 60_000) throw new Error(`the import did not finish in 30 minutes: ${text}`);
    await page.waitForTimeout(5_000);
    samples.push(`${Math.round((Date.now() - started) / 1000)} s: ${await progress(page)}`);
  }
  const createSeconds = (Date.now() - started) / 1000;
  const finished = (await page.getByTestId('import-progress').textContent()) ?? '';
  log(`creation: ${finished} in ${createSeconds.toFixed(1)} s on the device (${(ready / createSeconds).toFixed(1)} rows/s)`);
  log(`progress samples: ${samples.join(', ')}`);

  let synced = 0;
  for (const deadline = Date.now() + 10 * 60_000; Date.now() < deadline; await page.waitForTimeout(1_000)) {
    synced = (await serverCount(env.stack.url, npis)) - before;
    if (synced >= ready) break;
  }
  const syncSeconds = (Date.now() - started) / 1000;
  log(`server: ${synced} of ${ready} created providers there ${syncSeconds.toFixed(1)} s after Import was clicked`);
  log(`total: ${(lookupSeconds + createSeconds).toFixed(1)} s for ${COUNT} NPIs in the browser (lookups + creations)`);
  await context.close();
} finally {
  await env.close();
}
