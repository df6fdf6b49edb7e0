/**
 * Journey (issue 33): a provider on the OIG exclusion list. Staff screen the provider from
 * its page: the NPI on the list flags it excluded, with an alert, and a name-only entry is a
 * possible match. The alerts show on the provider page and the dashboard; staff dismiss the
 * possible match with a reason on the provider page and acknowledge the exclusion on the
 * dashboard. An organization is screened the same way from its page: its NPI on the list
 * flags it with the exclusion type and date, and its alert is on the dashboard too. The
 * matching rules and messages are tested in unit and contract tests.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { hasValidCheckDigit } from '../supabase/functions/_shared/npi.ts';
import { STAFF, signIn, toastWith } from './support/session.ts';
import { serverProvider, stack } from './support/providers.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

function freshNpi(): string {
  const base = `17${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  for (let check = 0; check <= 9; check += 1) if (hasValidCheckDigit(`${base}${check}`)) return `${base}${check}`;
  throw new Error('unreachable');
}

test('an exclusion hit raises alerts that show on the provider page and the dashboard, and staff resolve them', async ({ page }) => {
  test.setTimeout(120_000);
  const id = randomUUID();
  const npi = freshNpi();
  const last = `Exclusion${randomUUID().replace(/[^a-f]/g, '').slice(0, 6)}`;
  await stack('/rest/v1/providers', { method: 'POST', body: { id, npi, first_name: 'Rowan', last_name: last } });
  await stack('/__simulator/oig/exclusions', { method: 'POST', body: { npi, lastName: 'LISTED', firstName: 'ELSEWHERE', exclType: '1128b7', exclDate: '20240115' } });
  await stack('/__simulator/oig/exclusions', { method: 'POST', body: { lastName: last, firstName: 'ROWAN', state: 'NY', exclDate: '20230301' } });
  const orgNpi = freshNpi();
  await stack('/rest/v1/organizations', { method: 'POST', body: { legal_name: `${last} Home Care LLC`, type: 'healthcare', npi: orgNpi } });
  await stack('/__simulator/oig/exclusions', { method: 'POST', body: { npi: orgNpi, busName: 'LISTED HOME CARE', exclType: '1128b4', exclDate: '20250310' } });

  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(`/providers/${id}/manage/edit`);
  const screening = page.getByRole('region', { name: 'Exclusion screening' });
  await expect(screening.getByTestId('exclusion-status')).toHaveText('Not screened yet', { timeout: 45_000 });
  await screening.getByRole('button', { name: 'Screen now' }).click();
  await expect(toastWith(page, 'Screening done')).toContainText('Excluded (OIG LEIE)', { timeout: 30_000 });
  await expect(screening.getByTestId('exclusion-status')).toHaveText('Excluded (OIG LEIE)', { timeout: 30_000 });
  await expect(screening.getByTestId('exclusion-screened')).toContainText(/^Screened [A-Z][a-z]{2} \d{1,2}, \d{4} against the OIG list of [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
  await expect(screening).toContainText('By NPI: LISTED, ELSEWHERE (NY), excluded, 1128b7, excluded 2024-01-15.');
  // Flagged wherever its status shows: here in the header (and in the lists' rows).
  await expect(page.getByLabel('Excluded (OIG LEIE)', { exact: true })).toHaveText('Excluded');

  const alerts = page.getByRole('region', { name: 'Alerts' });
  await expect(alerts.getByTestId('alert-item')).toHaveCount(2);
  const possible = alerts.getByTestId('alert-item').filter({ hasText: 'Possible exclusion (OIG LEIE)' });
  await possible.getByRole('button', { name: 'Not this provider' }).click();
  await possible.getByRole('button', { name: 'Dismiss match' }).click();
  await expect(possible.getByText('Give the reason this is not the provider (3 to 500 characters).')).toBeVisible();
  await possible.getByLabel('Why is this not the provider?').fill('Listed person was born in 1950; ours in 1985');
  await possible.getByRole('button', { name: 'Dismiss match' }).click();
  await expect(toastWith(page, 'Possible match dismissed')).toBeVisible({ timeout: 30_000 });
  await expect(possible).toContainText('Dismissed: Listed person was born in 1950; ours in 1985', { timeout: 30_000 });

  // The organization, screened from its page, shows the exclusion type and date.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }).click();
  await page.getByRole('searchbox', { name: 'Search organizations' }).fill(orgNpi);
  await page.getByRole('row').filter({ hasText: orgNpi }).click();
  await page.getByRole('region', { name: 'Exclusion screening' }).getByRole('button', { name: 'Screen now' }).click();
  await expect(page.getByTestId('organization-excluded')).toHaveText('Excluded (1128b4, 2025-03-10)', { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('organization-excluded.png'), fullPage: true });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('dashboard-alerts').getByTestId('alert-item').filter({ hasText: `NPI ${orgNpi} is on the OIG exclusion list (1128b4, excluded 2025-03-10).` })).toContainText('Open organization', { timeout: 30_000 });
  const open = page.getByTestId('dashboard-alerts').getByTestId('alert-item').filter({ hasText: `NPI ${npi} is on the OIG exclusion list (1128b7, excluded 2024-01-15).` });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await open.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(open).toHaveCount(0, { timeout: 30_000 });
  expect(await serverProvider(id)).toMatchObject({ exclusion_status: 'excluded' });
  // The acknowledgement is written on the device first and reaches the server by sync.
  const closed = async () => {
    const stored = (await stack(`/rest/v1/alerts?provider_id=eq.${id}&select=kind,acknowledged_at&order=kind`)) as Array<{ kind: string; acknowledged_at: string | null }>;
    return stored.map((a) => [a.kind, a.acknowledged_at !== null]);
  };
  await expect.poll(closed, { timeout: 30_000 }).toEqual([['exclusion_confirmed', true], ['exclusion_possible', true]]);
});
