/**
 * Issue 32's results journey, lean: the laboratory sends a result with a critical potassium
 * for an order of the provider login's record (HTTPS to lis-inbound with the shared secret,
 * as the simulator does); the provider signs in, sees the count beside Results, opens the
 * inbox (the password given at sign-in opens the protected records), finds the result first with its
 * Critical badge, opens it, sees the critical banner, and signs it off; the server records
 * the provider as the one who signed off; the provider acknowledges the critical value and
 * the page records who did. Meanwhile the result was distributed by the provider's
 * preferences: its email and the critical-value notice are read in the stack's mail catcher,
 * its fax (a PDF) in the fax simulator. Screenshots of the inbox and the result go to
 * test-results for a person to look at.
 */
import { expectWholeText } from './support/layout.ts';
import { expect, test } from '@playwright/test';
import { buildOru } from '../supabase/functions/_shared/hl7/oru-build.ts';
import { signInbound } from '../supabase/functions/_shared/lis/inbound-signature.ts';
import { ANON_KEY, SERVICE_ROLE_KEY, STACK_URL, WITHOUT_SERVICE_WORKER } from './support/env.ts';
import { signIn } from './support/session.ts';

test.use(WITHOUT_SERVICE_WORKER);

const PROVIDER = { email: 'provider@demo-lab.test', password: 'demo-provider-2026', npi: '1890246816' };

async function rest<T>(pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${STACK_URL}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json', Prefer: 'return=representation', ...init.headers },
  });
  expect(response.ok, `${pathAndQuery}: ${response.status}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

async function simulator<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${STACK_URL}/__simulator/${path}`, { ...init, headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' } });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

test('a critical result arrives, is first in the provider’s inbox with a banner, is signed off and acknowledged, and is emailed and faxed', async ({ page }) => {
  test.setTimeout(180_000);
  const [provider] = await rest<Array<{ id: string }>>(`providers?npi=eq.${PROVIDER.npi}&select=id`);
  // The provider's preferences: email to a distribution list, fax, the summary format.
  const listAddress = `results-${Date.now()}@whitfield-clinic.test`;
  const faxDigits = String(Date.now()).slice(-4);
  await rest('provider_preferences?on_conflict=provider_id', {
    method: 'POST',
    headers: { Prefer: 'return=representation,resolution=merge-duplicates' },
    body: JSON.stringify({ provider_id: provider!.id, email_notifications: true, fax_notifications: true, fax_number: `(518) 555-${faxDigits}`, favorite_reports: [listAddress], report_format: 'summary' }),
  });
  const [membership] = await rest<Array<{ organization_id: string }>>(`provider_organization_memberships?provider_id=eq.${provider!.id}&select=organization_id&limit=1`);
  const [patient] = await rest<Array<{ id: string }>>('patients?last_name=eq.Whitfield&select=id&limit=1');
  const requisition = `R-E2E-${String(Date.now()).slice(-6)}`;
  await rest('orders', {
    method: 'POST',
    body: JSON.stringify({
      requisition_number: requisition, status: 'received', organization_id: membership!.organization_id, provider_id: provider!.id,
      patient_id: patient!.id, billing: 'client', tests: [{ code: 'BMP', name: 'Basic metabolic panel', cpt_codes: ['80048'] }], diagnoses: [],
    }),
  });
  const oru = buildOru({
    controlId: `E2E${Date.now()}`, sentAt: new Date(), sender: { application: 'SIMLIS', facility: 'LAB' }, receiver: { application: 'LABLINK', facility: 'CLIENT' },
    patient: { id: 'P-0-0001', lastName: 'Whitfield', firstName: 'Eleanor' },
    orders: [{
      placerOrderNumber: requisition, fillerOrderNumber: 'E2E-1', testCode: 'BMP', testName: 'Basic metabolic panel', resultStatus: 'F', collectedAt: new Date(),
      observations: [
        { valueType: 'NM', code: '2823-3', codeText: 'Potassium', value: '6.9', units: 'mmol/L', referenceRange: '3.5-5.1', abnormalFlags: ['HH'], status: 'F' },
        { valueType: 'NM', code: '2951-2', codeText: 'Sodium', value: '140', units: 'mmol/L', referenceRange: '136-145', abnormalFlags: ['N'], status: 'F' },
      ],
    }],
  });
  const answer = await fetch(`${STACK_URL}/functions/v1/lis-inbound`, { method: 'POST', headers: await signInbound(oru, ['local-lis-shared-secret']), body: oru });
  expect(await answer.text()).toContain(`MSA|AA|`);
  // Every test of the order has its final result: the order is resulted.
  expect((await rest<Array<{ status: string }>>(`orders?requisition_number=eq.${requisition}&select=status`))[0]?.status).toBe('resulted');
  // The scheduler's job, run now rather than waited for: it emails and faxes the result.
  await simulator('scheduler/run/result-distribute', { method: 'POST' });

  await signIn(page, PROVIDER.email, PROVIDER.password);
  await page.waitForURL((url) => url.pathname === '/my-provider', { timeout: 60_000 });
  await page.getByRole('link', { name: /^Results/ }).first().click();
  const row = page.getByTestId('result-row').filter({ hasText: requisition });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('result-row').first()).toContainText('Critical value');
  await expect(page.getByTestId('unreviewed-results-count').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('results-inbox.png'), fullPage: true });
  // On the draw station's tablet the list reflows: tests and patients are not cut off.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expectWholeText(page.getByTestId('result-row').locator('.ll-clamp2'), 'tests and patients of the results list at 820 px');
  await page.screenshot({ path: test.info().outputPath('results-inbox-820.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByRole('link', { name: 'Basic metabolic panel' }).click();
  await expect(page.getByTestId('critical-banner')).toBeVisible();
  // The provider's report format is summary: the critical potassium shown, the normal sodium counted.
  await expect(page.getByTestId('observation-row')).toHaveCount(1);
  await expect(page.getByTestId('observation-row')).toContainText('6.9 mmol/L');
  await expect(page.getByText('1 other result within the reference range.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('result-detail.png'), fullPage: true });
  await page.getByRole('button', { name: 'Sign off', exact: true }).click();
  // Dates as the product writes them everywhere: the month spelled out on the result's page, the 12-hour clock.
  await expect(page.getByText(/^Signed off [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  await page.getByRole('button', { name: 'Acknowledge critical value' }).click();
  await expect(page.getByTestId('critical-acknowledgement')).toHaveText(/^Acknowledged by .+ at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/, { timeout: 15_000 });
  const record = page.getByRole('table', { name: 'Critical value notification record' });
  await expect(record.getByRole('row').filter({ hasText: listAddress })).toContainText('Sent');
  await expect(page.getByRole('table', { name: 'Distribution' }).getByRole('row').filter({ hasText: `+1518555${faxDigits}` })).toContainText('Sent');

  // Read in the mail catcher and the fax simulator, as the clinic would receive them.
  const mails = await simulator<Array<{ subject: string; text: string }>>(`mail/messages?email=${encodeURIComponent(listAddress)}`);
  expect(mails.map((m) => m.subject).sort()).toEqual([`CRITICAL VALUE: Basic metabolic panel for requisition ${requisition}`, `Result: Basic metabolic panel for requisition ${requisition}`]);
  expect(mails.find((m) => m.subject.startsWith('Result'))?.text).toContain('Potassium (2823-3): 6.9 mmol/L; range 3.5-5.1; flag HH CRITICAL');
  const faxes = await simulator<Array<{ status: string; page_count: number; document: { content: string } | null }>>(`fax/messages?to=${encodeURIComponent(`+1518555${faxDigits}`)}`);
  expect(faxes.map((f) => f.status)).toEqual(['delivered', 'delivered']);
  expect(Buffer.from(faxes[0]!.document!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

  // The order's page lists its result, signed off, and the order's activity.
  await page.getByRole('link', { name: /^Orders/ }).first().click();
  // Each row of the order list is one link to its order (named by its cells, requisition first).
  await page.getByTestId('order-row').filter({ hasText: requisition }).getByRole('link', { name: new RegExp(`^${requisition}`) }).click();
  const orderResult = page.getByTestId('record-result').filter({ hasText: 'Basic metabolic panel' });
  await expect(orderResult).toContainText('Critical value');
  await expect(orderResult).toContainText('Signed off');
  await expect(page.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible();

  const [me] = await rest<Array<{ id: string }>>(`profiles?email=eq.${encodeURIComponent(PROVIDER.email)}&select=id`);
  await expect
    .poll(async () => (await rest<Array<{ reviewed_by: string | null }>>(`results?requisition_number=eq.${requisition}&select=reviewed_by`))[0]?.reviewed_by, { timeout: 20_000 })
    .toBe(me!.id);
});
