/**
 * Issue 26's journey, as a staff member would do it: after a reload the patient records
 * open without the password (the session's kept key); offline, add a Medicare patient (a
 * wrong MBI refused with its message, the right one typed with dashes accepted), see the
 * seeded patient it may duplicate before saving, find the new patient by date of birth;
 * back online it syncs and its opening is in the access log; a provider-role user cannot
 * read it; and the browser profile's IndexedDB files hold none of its identifying values.
 * Runs in a persistent Chromium profile so that IndexedDB is on disk to look into.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ANON_KEY, SERVICE_ROLE_KEY, STACK_URL } from './support/env.ts';
import { indexedDbFiles, launchProfile, newProfileDir } from './support/profile.ts';
import { signIn, STAFF } from './support/session.ts';

const PROVIDER = { email: 'provider@demo-lab.test', password: 'demo-provider-2026' };
const LAST_NAME = 'Whitfield';
const BIRTH = { input: '1946-05-14', typed: '05/14/1946' };
const FIRST_NAME = 'Evangelina';
const MBI = { wrong: '1EG4-TE5-MK7A', right: '7QK2-WN4-TR61', stored: '7QK2WN4TR61' };
const STREET = '9081 Quillfeather Lane';

async function rest<T>(pathAndQuery: string, token = SERVICE_ROLE_KEY): Promise<T> {
  const response = await fetch(`${STACK_URL}/rest/v1/${pathAndQuery}`, { headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` } });
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as T;
}

async function tokenOf(login: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${STACK_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

test('offline, a staff member adds a Medicare patient who may be a duplicate, finds them by date of birth, and it syncs sealed', async ({ baseURL }) => {
  // A sign-in, a reload with the password's key derivation, an offline add and a sync: room on a loaded machine.
  test.setTimeout(180_000);
  const profile = newProfileDir('labdir-patients');
  const context = await launchProfile(profile, baseURL);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, STAFF.email, STAFF.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 60_000 });
    await page.getByRole('link', { name: 'Patients', exact: true }).first().click();
    // A reload of the same session opens the patient records again without the password
    // (the data key kept for the session, non-extractable, until the app locks).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByLabel('Search patients')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Patient records are locked', { exact: true })).toHaveCount(0);
    // The seeded patients have reached the device (the list is virtualized: search for one).
    await page.getByLabel('Search patients').fill(LAST_NAME);
    await expect(page.getByRole('link', { name: /Whitfield, Eleanor Ruth/ })).toBeVisible({ timeout: 60_000 });
    await page.getByLabel('Search patients').fill('');

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Add Patient' }).click();
    await page.getByLabel('First name').fill(FIRST_NAME);
    await page.getByLabel('Last name').fill(LAST_NAME);
    await page.getByLabel('Date of birth').fill(BIRTH.input);
    await page.getByLabel('Sex').selectOption('female');
    await page.getByLabel('Address', { exact: true }).fill(STREET);
    await page.getByLabel('Payer type').first().selectOption('medicare');
    const mbi = page.getByLabel('Medicare Beneficiary Identifier (MBI)');
    await mbi.fill(MBI.wrong);

    const duplicates = page.getByTestId('possible-duplicates');
    await expect(duplicates.getByRole('link', { name: 'Whitfield, Eleanor Ruth' })).toBeVisible();
    await expect(duplicates).toContainText('Same last name and date of birth');

    await page.getByRole('button', { name: 'Save patient' }).click();
    await expect(page.getByText('Character 11 of an MBI must be a digit, not “A”.')).toBeVisible();
    await expect(page).toHaveURL(/\/patients\/add$/);

    await mbi.fill(MBI.right);
    await page.getByRole('button', { name: 'Save patient' }).click();
    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}$/);
    const patientId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: `${LAST_NAME}, ${FIRST_NAME}` })).toBeVisible();
    await expect(page.getByText(MBI.right)).toBeVisible();

    await page.getByRole('link', { name: 'Patients', exact: true }).first().click();
    await page.getByLabel('Search patients').fill(BIRTH.typed);
    await expect(page.getByTestId('patient-row')).toHaveCount(2);
    await expect(page.getByRole('link', { name: new RegExp(`${LAST_NAME}, ${FIRST_NAME}`) })).toBeVisible();

    await context.setOffline(false);
    await expect
      .poll(async () => (await rest<Array<{ last_name: string; coverages: Array<{ member_id: string }> }>>(`patients?id=eq.${patientId}&select=*`))[0] ?? null, {
        timeout: 30_000,
      })
      .toMatchObject({ last_name: LAST_NAME, coverages: [{ member_id: MBI.stored }] });
    // The opening made offline reaches the access log, with the staff member as its opener.
    await expect
      .poll(async () => (await rest<unknown[]>(`access_log?row_id=eq.${patientId}&select=id`)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);

    // A provider-role user cannot read the patient.
    expect(await rest<unknown[]>(`patients?id=eq.${patientId}&select=id`, await tokenOf(PROVIDER))).toEqual([]);

    // What a copy of this browser profile gives away: the patient's id, but none of who they are.
    await context.close();
    const files = indexedDbFiles(profile);
    expect(files).toContain(patientId);
    for (const value of [FIRST_NAME, STREET, MBI.stored, 'Eleanor', 'Pennington', '1EG4TE5MK73']) expect(files, value).not.toContain(value);
  } finally {
    await context.close().catch(() => undefined);
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
