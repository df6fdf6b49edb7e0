/**
 * Journey: the Preferences tab's Provider Preferences card (spec §3, §5, §8): the report
 * format, the distribution email list (the provider's own email added first; '@', valid and
 * unique), fax numbers (non-empty, unique, only the first saved), the three notification
 * switches, saving; and the failure and not-found messages when the server no longer has
 * the preferences.
 */
import { expect, test } from '@playwright/test';
import { sharedSignedInPage } from './support/session.ts';
import { createProvider, expectOnServer, openManage, serviceRest, toastSaying } from './provider-relations-helpers.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

const staff = sharedSignedInPage();

test.describe.configure({ timeout: 180_000 });

interface Preferences {
  report_format: string;
  favorite_reports: string[];
  fax_number: string | null;
  email_notifications: boolean;
  fax_notifications: boolean;
  in_app_notifications: boolean;
}

const preferencesOf = (providerId: string) =>
  serviceRest<Preferences[]>(
    `provider_preferences?provider_id=eq.${providerId}&select=report_format,favorite_reports,fax_number,email_notifications,fax_notifications,in_app_notifications`,
  );

test('edits and saves how results reach the provider', async () => {
  const page = staff();
  const provider = await createProvider('Priya', { favoriteReports: ['results@clinic-e2e.test'], reportFormat: 'comprehensive' });
  await openManage(page, provider, 'preferences');

  const card = page.getByTestId('provider-preferences-card');
  await expect(card.getByRole('heading', { name: 'Provider Preferences' })).toBeVisible();
  // The preferences arrive with the first download, after the provider.
  await expect(card.getByLabel('Report format')).toHaveValue('comprehensive', { timeout: 60_000 });
  await expect(card.getByRole('switch', { name: 'In-app notifications' })).toBeChecked();
  await expect(card.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();

  // The provider's own email is offered first, then the stored list.
  const emails = card.getByTestId('distribution-emails');
  await expect(emails.getByRole('listitem')).toHaveText([provider.email, 'results@clinic-e2e.test']);

  const emailInput = emails.getByLabel('Add an email address');
  await emailInput.fill('front-desk');
  await emails.getByRole('button', { name: 'Add email address' }).click();
  await expect(emails.getByText('Invalid email format')).toBeVisible();
  await emailInput.fill('a@b');
  await emailInput.press('Enter');
  await expect(emails.getByText('Invalid email format')).toBeVisible();
  await emailInput.fill('RESULTS@clinic-e2e.test');
  await emailInput.press('Enter');
  await expect(emails.getByText('This email address is already in the list')).toBeVisible();
  await emailInput.fill('billing@clinic-e2e.test');
  await emailInput.press('Enter');
  await expect(emails.getByRole('listitem')).toHaveText([provider.email, 'results@clinic-e2e.test', 'billing@clinic-e2e.test']);

  const faxes = card.getByTestId('fax-numbers');
  const faxInput = faxes.getByLabel('Add a fax number');
  await faxes.getByRole('button', { name: 'Add fax number' }).click();
  await expect(faxes.getByText('Fax number is required')).toBeVisible();
  await faxInput.fill('518-555-0101');
  await faxInput.press('Enter');
  await faxInput.fill('(518) 555-0101');
  await faxInput.press('Enter');
  await expect(faxes.getByText('This fax number is already in the list')).toBeVisible();
  await faxInput.fill('518-555-0199');
  await faxInput.press('Enter');
  await expect(faxes.getByRole('listitem')).toHaveText([/518-555-0101\s*Used for results/, '518-555-0199']);
  await expect(faxes.getByText('Only the first fax number is used to send results.')).toBeVisible();

  await card.getByLabel('Report format').selectOption('comprehensive_plus');
  await card.getByText('Email notifications', { exact: true }).click();
  await card.getByText('Fax notifications', { exact: true }).click();
  await card.getByText('In-app notifications', { exact: true }).click();

  // Email notifications need at least one address.
  for (let i = 0; i < 3; i++) await emails.getByRole('button', { name: /^Remove / }).first().click();
  await card.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(emails.getByText('Email required for email notifications')).toBeVisible();
  await emailInput.fill('billing@clinic-e2e.test');
  await emailInput.press('Enter');

  await card.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toastSaying(page, 'Provider preferences updated successfully')).toBeVisible({ timeout: 30_000 });
  await expectOnServer(
    () => preferencesOf(provider.id),
    ([row]) =>
      expect(row).toEqual({
        report_format: 'comprehensive_plus',
        favorite_reports: ['billing@clinic-e2e.test'],
        fax_number: '518-555-0101',
        email_notifications: true,
        fax_notifications: true,
        in_app_notifications: false,
      }),
  );
  // The provider's own email comes back into the list the next time it is shown.
  await page.reload();
  await expect(card.getByTestId('distribution-emails').getByRole('listitem')).toHaveText([provider.email, 'billing@clinic-e2e.test'], {
    timeout: 60_000,
  });
});

test('says so when the preferences are gone from the server', async () => {
  const page = staff();
  const provider = await createProvider('Quentin');
  await openManage(page, provider, 'preferences');
  const card = page.getByTestId('provider-preferences-card');
  await expect(card.getByLabel('Report format')).toHaveValue('summary', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Sync status: Up to date' })).toBeVisible({ timeout: 60_000 });

  // An administrator removes the record on the server; this device still shows it.
  await serviceRest(`provider_preferences?provider_id=eq.${provider.id}`, 'DELETE');
  await card.getByLabel('Report format').selectOption('summary_plus');
  await card.getByRole('button', { name: 'Save Preferences' }).click();

  // Both arrive together: the refusal of the save, and the record gone from this device.
  await Promise.all([
    expect(toastSaying(page, 'Failed to update provider preferences')).toBeVisible({ timeout: 30_000 }),
    expect(toastSaying(page, 'Provider preferences not found. Please try again later.')).toBeVisible({ timeout: 30_000 }),
  ]);
  await expect(toastSaying(page, 'Provider preferences updated successfully')).toHaveCount(0);
  await expect(card.getByText('Provider preferences not found. Please try again later.')).toBeVisible();
});
