/**
 * Journey: a staff member links a provider to organizations from the manage page's
 * Organizations section (spec §2, §5, §8): the memberships with legal name and type, the
 * 'Add to Organization' dialog over the active organizations by legal name, the required
 * choice, the duplicate refusal, success without a page reload (an unsaved edit survives),
 * and the failure toast when the server refuses the membership.
 */
import { expect, test } from '@playwright/test';
import { STAFF, sharedSignedInPage } from './support/session.ts';
import { ORGS, createProvider, expectOnServer, openManage, serviceRest, toastSaying, userIdOf } from './provider-relations-helpers.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

const staff = sharedSignedInPage();

test.describe.configure({ timeout: 180_000 });

interface Membership {
  id: string;
  organization_id: string;
  is_active: boolean;
  assigned_by: string | null;
}

const memberships = (providerId: string) =>
  serviceRest<Membership[]>(`provider_organization_memberships?provider_id=eq.${providerId}&_deleted=eq.false&select=id,organization_id,is_active,assigned_by`);

test('lists the memberships and adds the provider to an organization', async () => {
  const page = staff();
  const provider = await createProvider('Orla');
  await openManage(page, provider, 'edit');

  const section = page.getByTestId('provider-organizations');
  await expect(section.getByTestId('organization-membership')).toHaveCount(1);
  await expect(section.getByTestId('organization-membership')).toContainText(ORGS.capitalRegion.name);
  await expect(section.getByTestId('organization-membership')).toContainText('Healthcare');
  await expect(section.getByTestId('organization-membership')).toContainText('Default');

  // An edit in progress on the same page must survive adding the membership (no reload).
  const nickname = page.getByPlaceholder('Nickname (optional)');
  await nickname.fill('Unsaved nickname');

  await section.getByRole('button', { name: 'Add to Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Organization' });
  await expect(dialog).toBeVisible();

  // Active organizations only, by legal name; the current one is marked.
  const select = dialog.getByLabel('Organization');
  const options = (await select.locator('option').allTextContents()).slice(1);
  const names = options.map((option) => option.split(' — ')[0] ?? '');
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
  expect(names).not.toContain('Mohawk Valley Urgent Care (closed)');
  expect(options).toContain(`${ORGS.capitalRegion.name} — Healthcare (already a member)`);

  await dialog.getByRole('button', { name: 'Add to Organization' }).click();
  await expect(dialog.getByText('Organization is required')).toBeVisible();

  await select.selectOption(ORGS.capitalRegion.id);
  await dialog.getByRole('button', { name: 'Add to Organization' }).click();
  await expect(toastSaying(page, 'This provider is already a member of the selected organization.')).toBeVisible();
  await expect(toastSaying(page, 'This provider is already a member of the selected organization.')).toContainText('Already a member');
  await expect(dialog).toBeVisible();

  await select.selectOption(ORGS.troySchools.id);
  await dialog.getByRole('button', { name: 'Add to Organization' }).click();
  await expect(toastSaying(page, 'Provider added to organization successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('organization-membership')).toHaveCount(2);
  await expect(section.getByTestId('organization-membership').filter({ hasText: ORGS.troySchools.name })).toContainText('Non-Healthcare');
  await expect(nickname).toHaveValue('Unsaved nickname');

  const staffId = await userIdOf(STAFF.email);
  await expectOnServer(
    () => memberships(provider.id),
    (rows) => {
      const added = rows.find((row) => row.organization_id === ORGS.troySchools.id);
      expect(added).toMatchObject({ is_active: true, assigned_by: staffId });
      expect(rows).toHaveLength(2);
    },
  );
});

test('tells the user when the server refuses the membership', async () => {
  const page = staff();
  const provider = await createProvider('Ferris');
  // A membership an administrator deleted on the server: the pair stays taken there.
  const [removed] = await serviceRest<Membership[]>('provider_organization_memberships', 'POST', {
    provider_id: provider.id,
    organization_id: ORGS.hudsonValley.id,
  });
  await serviceRest(`provider_organization_memberships?id=eq.${removed?.id}`, 'PATCH', { _deleted: true });

  await openManage(page, provider, 'edit');
  const section = page.getByTestId('provider-organizations');
  await expect(section.getByTestId('organization-membership')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sync status: Up to date' })).toBeVisible({ timeout: 60_000 });

  await section.getByRole('button', { name: 'Add to Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Organization' });
  await dialog.getByLabel('Organization').selectOption(ORGS.hudsonValley.id);
  await dialog.getByRole('button', { name: 'Add to Organization' }).click();

  await expect(toastSaying(page, 'Failed to add provider to organization')).toBeVisible({ timeout: 30_000 });
  await expect(toastSaying(page, 'Provider added to organization successfully')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  // The refused membership is not left behind on this device.
  await expect(section.getByTestId('organization-membership')).toHaveCount(1);
  expect((await memberships(provider.id)).map((row) => row.organization_id)).toEqual([ORGS.capitalRegion.id]);
});
