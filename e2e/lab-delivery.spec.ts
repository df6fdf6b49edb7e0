/**
 * Issue 32's refusal journey, as an admin meets it: the laboratory answers AE to an order
 * (the LIS simulator's fault switch); the dashboard lists it under "Refused by the
 * laboratory" with the laboratory's text, the order page shows that text, and after the
 * correction the admin presses "Resend to laboratory": the order goes again as its next
 * version and the page shows it received. Screenshots of the refused order (light and dark).
 * Issue 44, the other way: the laboratory sends a result for a known order but another
 * patient (signed, as its interface engine does); the server answers AE naming PID and
 * files nothing on the order; the admin finds it in the result queue with both identities
 * side by side. Screenshots of the queue (light and dark).
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { buildOru } from '../supabase/functions/_shared/hl7/oru-build.ts';
import { signInbound } from '../supabase/functions/_shared/lis/inbound-signature.ts';
import { ANON_KEY, SERVICE_ROLE_KEY, STACK_URL, WITHOUT_SERVICE_WORKER } from './support/env.ts';
import { ADMIN, signIn } from './support/session.ts';

test.use(WITHOUT_SERVICE_WORKER);

const LAB_TEXT = 'Patient date of birth does not match the client record';

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json', ...init.headers },
  });
  expect(response.ok, url).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

const rest = <T>(path: string, init: RequestInit = {}) => call<T>(`${STACK_URL}/rest/v1/${path}`, init);
const runDelivery = () => call(`${STACK_URL}/__simulator/scheduler/run/lis-deliver`, { method: 'POST' });

async function shoot(page: Page, name: string, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((mode) => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.classList.toggle('light', mode === 'light');
    document.documentElement.style.colorScheme = mode;
  }, scheme);
  await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`), fullPage: true });
}

test('an order the laboratory refused shows its text, and an admin resends it', async ({ page }) => {
  test.setTimeout(120_000);
  const [patient] = await rest<Array<{ id: string }>>('patients?last_name=eq.Whitfield&select=id&limit=1');
  const [provider] = await rest<Array<{ id: string }>>('providers?npi=eq.1890246816&select=id');
  const [organization] = await rest<Array<{ id: string }>>('organizations?legal_name=like.Capital%20Region*&select=id&limit=1');
  const requisition = `R-E${randomInt(10_000, 99_999)}-0001`;
  await call(`${STACK_URL}/__simulator/lis/faults`, { method: 'POST', body: JSON.stringify({ kind: 'ae', requisition, times: 1, text: LAB_TEXT }) });
  const [order] = await rest<Array<{ id: string }>>('orders?select=id', {
    method: 'POST',
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify({
      requisition_number: requisition,
      status: 'submitted',
      organization_id: organization?.id,
      provider_id: provider?.id,
      patient_id: patient?.id,
      billing: 'client',
      tests: [{ code: 'TSH', name: 'Thyroid-stimulating hormone (TSH)', cpt_codes: ['84443'], specimen_type: 'Serum', container: 'Gold-top serum separator tube (SST)', necessity: 'not-governed', modifiers: [] }],
      collected_at: new Date().toISOString(),
      priority: 'routine',
    }),
  });
  await runDelivery();
  await expect.poll(async () => (await rest<Array<{ lis_error: string | null }>>(`orders?id=eq.${order?.id}&select=lis_error`))[0]?.lis_error).toBe(LAB_TEXT);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 60_000 });
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  const card = page.getByTestId('dashboard-refused-orders');
  await expect(card.getByRole('link', { name: requisition })).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText(LAB_TEXT);
  await card.getByRole('link', { name: requisition }).click();

  await expect(page.getByTestId('order-lab-delivery-text')).toHaveText(`The laboratory refused this order: ${LAB_TEXT}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const scheme of ['light', 'dark'] as const) await shoot(page, 'order-refused', scheme);
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Resend to laboratory' }).click();
  await expect(page.getByText('The order will be sent to the laboratory again')).toBeVisible();
  await expect.poll(async () => (await rest<Array<{ lis_error: string | null }>>(`orders?id=eq.${order?.id}&select=lis_error`))[0]?.lis_error, { timeout: 30_000 }).toBeNull();
  await runDelivery();
  await expect(page.getByTestId('order-lab-delivery-text')).toContainText(`Received by the laboratory`, { timeout: 30_000 });
  await expect(page.getByTestId('order-lab-delivery-text')).toContainText(`(message ${requisition}-N2)`);
  await expect(page.getByRole('button', { name: 'Resend to laboratory' })).toHaveCount(0);

  // A result for this order, but it names another patient: never filed, queued for a person.
  const oru = buildOru({
    controlId: `MM${Date.now()}`, sentAt: new Date(), sender: { application: 'SIMLIS', facility: 'LAB' }, receiver: { application: 'LABLINK', facility: 'CLIENTS' },
    patient: { id: 'P-9-0417', authority: 'LABLINK', lastName: 'Doe', firstName: 'Jane', birthDate: '1980-01-01', sex: 'F' },
    orders: [{
      placerOrderNumber: requisition, fillerOrderNumber: 'MM-1', testCode: 'TSH', testName: 'Thyroid-stimulating hormone (TSH)', resultStatus: 'F', collectedAt: new Date(),
      observations: [{ valueType: 'NM', code: '3016-3', codeText: 'TSH', value: '2.1', units: 'mIU/L', referenceRange: '0.4-4.0', status: 'F' }],
    }],
  });
  const answer = await fetch(`${STACK_URL}/functions/v1/lis-inbound`, { method: 'POST', headers: await signInbound(oru, ['local-lis-shared-secret']), body: oru });
  const ack = await answer.text();
  expect(ack).toContain('MSA|AE|');
  expect(ack).toContain(`PID-3: Order ${requisition} is for WHITFIELD, ELEANOR 1946-05-14; the result names DOE, JANE 1980-01-01`);
  expect(await rest<unknown[]>(`results?order_id=eq.${order?.id}&select=id`)).toEqual([]);

  await page.getByRole('link', { name: 'Result queue', exact: true }).first().click();
  const queued = page.getByTestId('queued-message').filter({ hasText: requisition });
  await expect(queued).toBeVisible({ timeout: 30_000 });
  await expect(queued).toContainText('Another patient');
  await expect(queued.getByTestId('queue-order-patient')).toHaveText('WHITFIELD, ELEANOR 1946-05-14');
  await expect(queued.getByTestId('queue-message-patient')).toHaveText('DOE, JANE 1980-01-01');
  await expect(queued.getByRole('group', { name: 'The order’s patient and the result’s patient' })).toContainText(`The order ${requisition} is for`);
  await queued.scrollIntoViewIfNeeded();
  for (const scheme of ['light', 'dark'] as const) await shoot(page, 'result-queue-mismatch', scheme);
});
