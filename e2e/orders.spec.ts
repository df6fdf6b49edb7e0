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
 * ABN's scan is attached offline, waits on the device, and is uploaded once online (staff
 * download it). Screenshots of the entry page
 * (light and dark, 1280 and 768 wide)
 * go to test-results for a person to look at.
 */
import { expect, test, type Page } from '@playwright/test';
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
  // Once the service worker holds the app's files, a reload lets the app run offline; it
  // forgets the data key, so the protected records open with the password.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByRole('link', { name: 'Order entry', exact: true }).first().click();
  await expect(page.getByText('Patient records are locked', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(/^Password/).fill(STAFF.password);
  await page.getByRole('button', { name: 'Open patient records' }).click();
  const organization = page.getByRole('combobox', { name: /^Organization/ });
  await expect(organization.locator('option', { hasText: ORGANIZATION })).toHaveCount(1, { timeout: 60_000 });
  await page.getByLabel('Find the patient', { exact: true }).fill(PATIENT.search);
  await expect(page.getByRole('button', { name: new RegExp(PATIENT.label) })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Find the patient', { exact: true }).fill('');
  // The order page's code, loaded once online so that it is there offline.
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Order entry', exact: true }).first().click();
  await expect(organization.locator('option', { hasText: ORGANIZATION })).toHaveCount(1);

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
  await page.getByLabel('The patient’s ABN choice').selectOption('1');
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
  // The signed ABN's scan follows the order to Storage, and staff can download it.
  await expect(page.getByTestId('abn-scan-state')).toHaveText('Signed ABN uploaded', { timeout: 30_000 });
  const staffToken = await accessToken(STAFF.email, STAFF.password);
  const download = await fetch(`${STACK_URL}/storage/v1/object/authenticated/order-attachments/${orderId}/abn-signed.pdf`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${staffToken}` },
  });
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(scan)).toBe(true);
  // The print made offline is in the audit trail once online.
  await expect
    .poll(async () => (await rest<Array<{ action: string }>>(`access_log?row_id=eq.${orderId}&action=eq.printed_requisition&select=action`)).length, { timeout: 30_000 })
    .toBe(1);
  expect(stored[0]?.server_check).toMatchObject({ medicare: true, eligibility: { status: 'eligible' }, disagreements: [] });
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
