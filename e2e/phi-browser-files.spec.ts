/**
 * Issue 43's browser journey: what a copy of a clinic computer's browser profile gives away.
 * A staff member signs in, lets the copy sync, opens a patient and reads the timeline (whose
 * entries about patients carry their records); while signed in, no file of the profile holds
 * the patient's name, date of birth, Medicare number or street outside the sealed data (the
 * HTTP cache, Cache Storage, localStorage, the unsealed IndexedDB stores); after sign-out,
 * no file holds them at all. Runs in a persistent Chromium profile so that all of it is on
 * disk to look into; each value is looked for as one-byte and as two-byte (UTF-16) text,
 * the two forms in which Chromium stores strings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { ANON_KEY, SERVICE_ROLE_KEY, STACK_URL } from './support/env.ts';
import { signIn, signOut, STAFF } from './support/session.ts';

// Harold Pennington, a seeded patient (supabase/seed/demo-patients.ts).
const PATIENT = { heading: 'Pennington, Harold', last: 'Pennington', birth: '1944-02-29', mbi: '2KC7WH3QR58', street: '42 Quarry Ln' };
const IDENTIFYING = [PATIENT.last, PATIENT.birth, PATIENT.mbi, PATIENT.street];

async function patientId(): Promise<string> {
  const response = await fetch(`${STACK_URL}/rest/v1/patients?last_name=eq.${PATIENT.last}&select=id`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
  const rows = (await response.json()) as Array<{ id: string }>;
  if (!rows[0]) throw new Error(`no seeded patient ${PATIENT.last}`);
  return rows[0].id;
}

/** The file's bytes, or null when the running browser removed it meanwhile (a cache entry evicted: no longer in a copy). */
function readIfThere(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Every file of the profile, by path, as bytes. */
function profileFiles(profile: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const bytes = readIfThere(full);
        if (bytes) files.set(path.relative(profile, full), bytes);
      }
    }
  };
  walk(profile);
  return files;
}

/** The files that hold one of the values in readable form, as `file: value`. */
function readableIn(files: Map<string, Buffer>, values: readonly string[]): string[] {
  const found: string[] = [];
  for (const [file, bytes] of files) {
    for (const value of values) {
      if (bytes.includes(Buffer.from(value, 'latin1')) || bytes.includes(Buffer.from(value, 'utf16le'))) found.push(`${file}: ${value}`);
    }
  }
  return found;
}

async function flushStorage(context: BrowserContext): Promise<void> {
  // Chromium writes its disk cache and storage in the background: give it a moment.
  const page = context.pages()[0]!;
  await page.waitForTimeout(1500);
}

test('a copy of the browser profile holds no readable patient data, signed in or after sign-out', async ({ baseURL }) => {
  test.setTimeout(180_000);
  const id = await patientId();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'labdir-phi-files-'));
  const context = await chromium.launchPersistentContext(profile, {
    baseURL,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    viewport: { width: 1440, height: 900 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, STAFF.email, STAFF.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 60_000 });
    await expect(page.getByTestId('sync-indicator')).toHaveText('Up to date', { timeout: 90_000 });

    await page.getByRole('link', { name: 'Patients', exact: true }).first().click();
    await page.getByLabel('Search patients').fill(PATIENT.last);
    await page.getByRole('link', { name: new RegExp(PATIENT.heading) }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${id}$`));
    await expect(page.getByRole('heading', { name: PATIENT.heading })).toBeVisible();
    await expect(page.getByText(PATIENT.street)).toBeVisible();

    // The timeline reads audit entries whose row_data is whole patient records.
    await page.goto('/timeline');
    await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
    await expect(page.getByText('Patient', { exact: false }).first()).toBeVisible({ timeout: 30_000 });

    await flushStorage(context);
    const signedIn = profileFiles(profile);
    // The sealed data is there (the patient's id names its record), none of who they are.
    expect([...signedIn.values()].some((bytes) => bytes.includes(Buffer.from(id, 'latin1')))).toBe(true);
    expect(readableIn(signedIn, IDENTIFYING)).toEqual([]);

    await signOut(page);
    await flushStorage(context);
    await context.close();
    expect(readableIn(profileFiles(profile), IDENTIFYING)).toEqual([]);
  } finally {
    await context.close().catch(() => undefined);
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
