/**
 * Issue 31's journey, as a staff member would do it: offline, enter an order for a
 * Medicare patient with a glycated hemoglobin test and a lipid panel and a diagnosis that
 * supports only the lipid panel; the entry says which test is not supported, the patient's
 * signed ABN option 1 is recorded, the fasting question answered, and the order is
 * submitted ("waiting to send"). Back online it reaches the server once, with its
 * requisition number and the GA modifier on the unsupported test, and the server's own
 * Medicare check agrees; the server delivers it to the laboratory (issue 32), which takes
 * it once, and the order page shows it received. The requisition printed offline opens as a
 * PDF made on the device, and its print reaches the audit trail once online; the signed
 * ABN's scan is attached offline, waits on the device, and is uploaded once online through
 * protected-files (staff download it the same way). Issue 44: the fasting question is asked
 * once (not again under Collection); the ABN signature starts empty and must be chosen;
 * meanwhile the laboratory's server knows of lipid panels this device has not seen, so its
 * Medicare check puts GZ on the lipid panel: the order page says so and that the requisition
 * printed offline is out of date, and a reprint carries the GZ the laboratory received.
 * Screenshots of the entry page
 * (light and dark, 1280 and 768 wide)
 * go to test-results for a person to look at.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { readPdf } from '../tests/helpers/pdf-reading.ts';
import { ANON_KEY, SERVICE_ROLE_KEY, STACK_URL } from './support/env.ts';
import { signIn, STAFF } from './support/session.ts';

// The provider login's record: a member of Capital Region; its PECOS check is made fresh below.
const PROVIDER_NPI = '1890246816';
const ORGANIZATION = /^Capital Region/;
const PATIENT = { search: 'Whitfield', label: 'Whitfield, Eleanor' };

async function rest<T>(pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${STACK_URL}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json', ...init.headers },
  });
  expect(response.ok, pathAndQuery).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

async function accessToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${STACK_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function shoot(page: Page, name: string, width: number, scheme: 'light' | 'dark') {
  await page.setViewportSize({ width, height: 1000 });
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((mode) => {
    localStorage.setItem('theme', mode);
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.classList.toggle('light', mode === 'light');
    document.documentElement.style.colorScheme = mode;
  }, scheme);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
}

test('offline, a Medicare order with one unsupported test gets a signed ABN option 1 and arrives once with GA', async ({ page, context }) => {
  test.setTimeout(240_000);
  const checkedAt = new Date().toISOString();
  await rest(`providers?npi=eq.${PROVIDER_NPI}`, {
    method: 'PATCH',
    body: JSON.stringify({
      pecos_verified: true,
      pecos_verification_date: checkedAt,
      pecos_verification_data: {
        npi: PROVIDER_NPI,
        checked_at: checkedAt,
        enrollment: { rows: [{ NPI: PROVIDER_NPI }] },
        order_referring: { rows: [{ NPI: PROVIDER_NPI, PARTB: 'Y' }] },
      },
    }),
  });

  await signIn(page, STAFF.email, STAFF.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 60_000 });
  // The service worker controls the page that installed it; the protected records open
  // with the password given at sign-in.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);
  await page.getByRole('link', { name: 'Order entry', exact: true }).first().click();
  const organization = page.getByRole('combobox', { name: /^Organization/ });
  await expect(organization.locator('option', { hasText: ORGANIZATION })).toHaveCount(1, { timeout: 60_000 });
  await page.getByLabel('Find the patient', { exact: true }).fill(PATIENT.search);
  await expect(page.getByRole('button', { name: new RegExp(PATIENT.label) })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Find the patient', { exact: true }).fill('');

  // By value (the record's id): an option's words may change while the page syncs.
  await organization.selectOption((await organization.locator('option', { hasText: ORGANIZATION }).first().getAttribute('value')) ?? '');
  const provider = page.getByRole('combobox', { name: /^Provider/ });
  const providerOption = provider.locator('option', { hasText: `NPI ${PROVIDER_NPI}` });
  await expect(providerOption).toContainText('PECOS and Part B: eligible');
  await provider.selectOption((await providerOption.getAttribute('value')) ?? '');
  // The connection drops while the order is entered: everything after runs offline.
  await context.setOffline(true);

  // A patient added without leaving the order (the patients feature's form, in a dialog,
  // duplicates warning kept) is chosen at once; the order then goes to the Medicare patient.
  await page.getByRole('button', { name: 'Add patient' }).click();
  const addPatient = page.getByRole('dialog', { name: 'Add patient' });
  await addPatient.getByLabel('First name').fill('Eleanor');
  await addPatient.getByLabel('Last name').fill('Whitfield');
  await addPatient.getByLabel('Date of birth').fill('1946-05-14');
  await expect(addPatient.getByTestId('possible-duplicates')).toContainText('Same last name and date of birth');
  await addPatient.getByLabel('First name').fill('Orla');
  await addPatient.getByLabel('Date of birth').fill('1990-05-06');
  await addPatient.getByLabel('Sex').selectOption('female');
  await addPatient.getByLabel('Payer type').first().selectOption('self_pay');
  await addPatient.getByRole('button', { name: 'Save patient' }).click();
  await expect(addPatient).toBeHidden();
  await expect(page.locator('#step-patient')).toContainText('Whitfield, Orla');
  await page.getByRole('button', { name: 'Change patient' }).click();
  await page.getByLabel('Find the patient', { exact: true }).fill(PATIENT.search);
  await page.getByRole('button', { name: /Whitfield, Eleanor/ }).click();
  await page.getByLabel('Who pays').selectOption('insurance');
  await expect(page.getByLabel('Coverage')).toContainText('Medicare');

  await page.getByLabel('Add a test', { exact: true }).fill('HBA1C');
  await page.getByLabel('Add a test', { exact: true }).press('Enter');
  await page.getByLabel('Add a test', { exact: true }).fill('LIPID');
  await page.getByLabel('Add a test', { exact: true }).press('Enter');
  // Staff star the lipid panel as the organization's favourite (kept offline, synced later).
  const star = page.getByRole('button', { name: /^Star Lipid panel as a favourite of Capital Region/ });
  await star.click();
  await expect(page.getByRole('button', { name: /^Unstar Lipid panel as a favourite of Capital Region/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Add a diagnosis code', { exact: true }).fill('E78.5');
  await page.getByLabel('Add a diagnosis code', { exact: true }).press('Enter');

  const tests = page.getByRole('list', { name: 'Tests on this order' });
  await expect(tests.getByRole('listitem').filter({ hasText: 'Hemoglobin A1c' })).toContainText('Medicare: Not supported');
  await expect(tests.getByRole('listitem').filter({ hasText: 'Lipid panel' })).toContainText('Medicare: Supported');
  await expect(page.getByText('Medicare may not pay for: Hemoglobin A1c')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit order' })).toBeDisabled();

  await page.getByLabel('Is the patient fasting (nothing but water for 8 hours or more)?').selectOption('Yes');
  // One fasting fact, asked once: the collection does not ask it again.
  await expect(page.locator('#step-collection').getByLabel('Fasting', { exact: true })).toHaveCount(0);
  await page.getByLabel('The patient’s ABN choice').selectOption('1');
  // A record of consent: nothing is assumed, the person who saw it signed chooses.
  await expect(page.getByLabel('ABN signature')).toHaveValue('');
  await expect(page.getByRole('listitem').filter({ hasText: 'Choose whether the patient signed the ABN or refused to sign it.' })).toBeVisible();
  await page.getByLabel('ABN signature').selectOption('signed');
  await expect(page.getByRole('button', { name: 'Submit order' })).toBeDisabled();
  await page.getByLabel('Estimated cost of Hemoglobin A1c (USD)').fill('45.50');
  // A standing order: weekly, 12 times in all (the server creates the later ones when due).
  await page.getByLabel('Repeat', { exact: true }).selectOption('weeks');
  await expect(tests.getByRole('listitem').filter({ hasText: 'Hemoglobin A1c' })).toContainText('Modifier GA');

  for (const width of [1280, 768]) for (const scheme of ['light', 'dark'] as const) await shoot(page, 'order-entry', width, scheme);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByTestId('order-sync-state')).toHaveText('Waiting to send');
  await expect(page.getByTestId('order-series')).toContainText('Standing order: Every week, 12 times in all');
  const requisition = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Order ', '');
  expect(requisition).toMatch(/^R-[0-9A-Z]+-\d{4,}$/);
  // Still offline: the requisition is made on the device and opens in a tab of its own.
  const [requisitionTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Print requisition' }).click()]);
  expect(requisitionTab.url()).toMatch(/^blob:/);
  await requisitionTab.close();
  // The photo of the signed ABN is attached offline and waits, sealed on the device.
  const scan = Buffer.from('%PDF-1.4\n% signed ABN\n%%EOF\n');
  await page.getByLabel('Signed ABN (photo or scan)').setInputFiles({ name: 'abn.pdf', mimeType: 'application/pdf', buffer: scan });
  await expect(page.getByTestId('abn-scan-state')).toHaveText('Signed ABN waiting to upload');
  // The reason for cancelling is asked for only when cancelling (focused), and put away again.
  await expect(page.getByLabel('Reason for cancelling')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel order…' }).click();
  await expect(page.getByLabel('Reason for cancelling')).toBeFocused();
  await page.getByRole('button', { name: 'Keep order' }).click();
  await expect(page.getByLabel('Reason for cancelling')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('order-page-1440-light.png'), fullPage: true });

  // The simulated laboratory results an order 5 s after taking it (and the scheduler may send
  // it before the test does): this one's results are kept by the laboratory (no destination),
  // so "received" is still its state when the list is looked at at the end, however slow the
  // machine (it had turned resulted on a loaded one).
  const hold = await fetch(`${STACK_URL}/__simulator/lis/config`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requisition, destination: null }),
  });
  expect(hold.ok).toBe(true);
  // Meanwhile the laboratory's server learned of six lipid panels of the patient this device
  // has not seen (another clinic's): Medicare's yearly limit is reached, the server says GZ.
  const [whitfield] = await rest<Array<{ id: string }>>('patients?last_name=eq.Whitfield&first_name=eq.Eleanor&select=id');
  const [record] = await rest<Array<{ id: string }>>(`providers?npi=eq.${PROVIDER_NPI}&select=id`);
  const [capital] = await rest<Array<{ id: string }>>('organizations?legal_name=like.Capital%20Region*&select=id&limit=1');
  const batch = randomInt(10_000, 99_999);
  await rest('orders', {
    method: 'POST',
    body: JSON.stringify(Array.from({ length: 6 }, (_, i) => ({
      requisition_number: `R-H${batch}-000${i + 1}`, status: 'resulted', organization_id: capital!.id, provider_id: record!.id, patient_id: whitfield!.id,
      billing: 'client', tests: [{ code: 'LIPID', name: 'Lipid panel', cpt_codes: ['80061'] }], diagnoses: [], priority: 'routine',
      collected_at: new Date(Date.now() - (i + 2) * 20 * 86_400_000).toISOString(),
    }))),
  });

  await context.setOffline(false);
  await expect(page.getByTestId('order-sync-state')).toHaveText('Sent', { timeout: 60_000 });
  const stored = await rest<Array<{ requisition_number: string; tests: Array<{ code: string; modifiers: Array<{ modifier: string | null }> }>; abn: unknown; server_check: unknown }>>(
    `orders?requisition_number=eq.${requisition}&select=*`,
  );
  expect(stored).toHaveLength(1);
  expect(stored[0]?.tests.map((item) => [item.code, item.modifiers[0]?.modifier ?? null])).toEqual([
    ['HBA1C', 'GA'],
    ['LIPID', null],
  ]);
  expect(stored[0]?.abn).toMatchObject({ option: 1, signature: 'signed', tests: ['HBA1C'], estimated_costs: { HBA1C: 45.5 } });
  await expect
    .poll(async () => (await rest<Array<{ favorite_tests: string[] | null }>>(`organizations?legal_name=like.Capital%20Region*&select=favorite_tests`))[0]?.favorite_tests, { timeout: 30_000 })
    .toEqual(['LIPID']);
  // The signed ABN's scan follows the order to the server (through protected-files, audited
  // under the staff member who attached it), and staff can download it the same way.
  await expect(page.getByTestId('abn-scan-state')).toHaveText('Signed ABN uploaded', { timeout: 30_000 });
  const [attached] = await rest<Array<{ changed_by: string; row_data: { path: string } }>>(`audit_log?row_id=eq.${orderId}&action=eq.attach&select=changed_by,row_data`);
  expect(attached?.row_data.path).toMatch(new RegExp(`^${orderId}/abn-signed-\\d+\\.pdf$`));
  const staffToken = await accessToken(STAFF.email, STAFF.password);
  const download = await fetch(`${STACK_URL}/functions/v1/protected-files`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'download', bucket: 'order-attachments', path: attached?.row_data.path }),
  });
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(scan)).toBe(true);
  // The print made offline is in the audit trail once online.
  await expect
    .poll(async () => (await rest<Array<{ action: string }>>(`access_log?row_id=eq.${orderId}&action=eq.printed_requisition&select=action`)).length, { timeout: 30_000 })
    .toBe(1);
  expect(stored[0]?.server_check).toMatchObject({
    medicare: true,
    eligibility: { status: 'eligible' },
    tests: [{ code: 'HBA1C', modifier: 'GA' }, { code: 'LIPID', status: 'frequency-exceeded', modifier: 'GZ' }],
  });
  // The order page says what the laboratory's check changed, and that the requisition printed offline is out of date.
  const verdict = page.getByTestId('order-server-verdict');
  await expect(verdict).toContainText('Lipid panel (LIPID): the laboratory received modifier GZ (no ABN obtained: Medicare is expected to deny it); this device had set no modifier', { timeout: 30_000 });
  await expect(page.getByTestId('order-out-of-date')).toHaveText('Out of date: the printed requisition, made from this device’s check. Print it again: it now shows what the laboratory received.');
  await expect(verdict).not.toContainText('frequency-exceeded');
  await shoot(page, 'order-out-of-date', 1280, 'light');
  await page.setViewportSize({ width: 1440, height: 900 });
  // The reprint is what the laboratory received.
  const [reprint] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Print requisition' }).click()]);
  const bytes = await reprint.evaluate(async () => Array.from(new Uint8Array(await (await fetch(location.href)).arrayBuffer())));
  await reprint.close();
  const paper = (await readPdf(new Uint8Array(bytes))).pages.flatMap((pdfPage) => pdfPage.texts).join('\n');
  expect(paper).toContain('CPT: 83036-GA');
  expect(paper).toContain('CPT: 80061-GZ');
  expect(paper).toContain('HBA1C: signed, option 1; modifier GA; LIPID: not obtained; modifier GZ');
  expect((await rest<unknown[]>(`orders?id=eq.${orderId}&select=id`)).length).toBe(1);

  // Issue 32: the server sends it to the laboratory (the scheduler's lis-deliver, run now
  // rather than waiting for its 10 s tick); the laboratory takes it once and answers AA,
  // and the order page shows it received.
  const run = await fetch(`${STACK_URL}/__simulator/scheduler/run/lis-deliver`, { method: 'POST', headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
  expect(run.ok).toBe(true);
  await expect(page.getByText('Received by the laboratory', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('order-lab-delivery-text')).toContainText(`(message ${requisition}-N1)`);
  const lis = await fetch(`${STACK_URL}/__simulator/lis/messages?requisition=${requisition}`, { headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
  const taken = (await lis.json()) as Array<{ controlId: string; ackCode: string; text: string }>;
  expect(taken.map((m) => [m.controlId, m.ackCode])).toEqual([[`${requisition}-N1`, 'AA']]);
  expect(taken[0]?.text.split('\r').find((line) => line.startsWith('OBR|1|'))).toMatch(/\|GA\^\^HCPCS$/);
  // …as the reprint says: GZ on the lipid panel.
  expect(taken[0]?.text.split('\r').find((line) => line.startsWith('OBR|2|'))).toMatch(/\|GZ\^\^HCPCS$/);
  await shoot(page, 'order-received', 1280, 'light');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await page.getByLabel('Search orders').fill(requisition);
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('orders-list-1440-light.png') });
  // On a tablet the longest status stays inside its cell (it ends in an ellipsis, not cut off by the row).
  await page.setViewportSize({ width: 800, height: 1000 });
  const status = page.getByTestId('order-row').locator('.lt-badge', { hasText: 'Received by the laboratory' });
  const [badgeRight, cellRight] = await status.evaluate((badge) => [badge.getBoundingClientRect().right, badge.closest('.ll-cell')!.getBoundingClientRect().right]);
  expect(badgeRight).toBeLessThanOrEqual(cellRight! + 0.5);
  await page.screenshot({ path: test.info().outputPath('orders-list-800-light.png') });
});
