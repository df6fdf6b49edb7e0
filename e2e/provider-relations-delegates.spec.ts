/**
 * Journey: the Provider Delegates card at /providers/{id}/manage/delegates (spec §2, §4,
 * §5, §8, §9): the user search's rules (3 characters, at most 10 people, nobody found), the
 * permissions (both → both; VIP viewing disabled, Coming Soon), the required choice, adding,
 * re-adding (the approval is updated, not duplicated), soft removal and reactivation; and
 * adding offline, which syncs once the connection is back.
 */
import { expect, test, type Locator } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { STAFF } from './support/session.ts';
import { createProvider, createUsers, expectOnServer, openManage, serviceRest, signInAs, toastSaying, userIdOf } from './provider-relations-helpers.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

test.describe.configure({ timeout: 180_000 });

const MARIA = { email: 'maria.rivera@demo-lab.test', name: 'Maria Rivera', title: 'Medical Assistant' };

interface Approval {
  id: string;
  approval_type: string;
  is_active: boolean;
  can_view_vip_patients: boolean;
  created_by: string | null;
}

/** Picks a person among the search results (the radio's label takes the click). */
async function choose(dialog: Locator, name: string): Promise<void> {
  const radio = dialog.getByRole('radio', { name: new RegExp(name) });
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
}

const approvalsOf = (providerId: string) =>
  serviceRest<Approval[]>(
    `provider_delegate_approvals?provider_id=eq.${providerId}&_deleted=eq.false&select=id,approval_type,is_active,can_view_vip_patients,created_by`,
  );

test('searches users, adds, updates, removes and re-adds a delegate', async ({ page }) => {
  const provider = await createProvider('Delia');
  // Twelve people sharing a rare surname: the search shows ten of them.
  const surname = `Quillfeather${randomUUID().slice(0, 4)}`;
  await createUsers(Array.from({ length: 12 }, (_, i) => ({ email: `${surname.toLowerCase()}${i}@lab-e2e.test`, firstName: `Q${i}`, lastName: surname })));

  await signInAs(page, STAFF);
  await openManage(page, provider, 'delegates');
  const card = page.getByTestId('provider-delegates-card');
  await expect(card.getByRole('heading', { name: 'Provider Delegates' })).toBeVisible();
  await expect(card.getByText('No delegates yet.', { exact: false })).toBeVisible();

  await card.getByRole('button', { name: 'Add Delegate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Delegate' });
  const search = dialog.getByLabel('Search users');
  await search.fill('ri');
  await expect(dialog.getByText('Please enter at least 3 characters to search')).toBeVisible();
  await search.fill('zzqxv-nobody');
  await expect(dialog.getByText('No users found matching your search')).toBeVisible();
  await search.fill(surname.toLowerCase());
  await expect(dialog.getByRole('radio')).toHaveCount(10);

  const vip = dialog.getByRole('checkbox', { name: 'View VIP patients' });
  await expect(vip).toBeDisabled();
  await expect(dialog.getByText('Coming Soon')).toBeVisible();

  await search.fill('Rivera');
  await choose(dialog, MARIA.name);
  await dialog.getByRole('button', { name: 'Add Delegate' }).click();
  await expect(toastSaying(page, 'Please select a user and at least one permission.')).toBeVisible();

  await dialog.getByText('Order tests', { exact: true }).click();
  await dialog.getByText('View results', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add Delegate' }).click();
  // The dialog's answer, whichever it is, so that a failure names what the user was told.
  const answer = page.getByTestId('toast').filter({ hasText: /Delegate added successfully\.|Failed to add delegate|Error/ });
  await expect(answer.first()).toContainText('Delegate added successfully.', { timeout: 45_000 });
  await expect(dialog).toBeHidden();

  const row = card.getByTestId('delegate-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(MARIA.name);
  await expect(row).toContainText(MARIA.email);
  await expect(row).toContainText(MARIA.title);
  await expect(row).toContainText('Order tests');
  await expect(row).toContainText('View results');

  const staffId = await userIdOf(STAFF.email);
  const [first] = await expectOnServer(
    () => approvalsOf(provider.id),
    (rows) => expect(rows).toMatchObject([{ approval_type: 'both', is_active: true, can_view_vip_patients: false, created_by: staffId }]),
  );

  // Adding the same person again updates their approval: one row, same id, new type.
  await card.getByRole('button', { name: 'Add Delegate' }).click();
  await dialog.getByLabel('Search users').fill('maria.rivera');
  await choose(dialog, MARIA.name);
  await expect(dialog.getByText('Already a delegate')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Order tests' })).toBeChecked();
  await dialog.getByText('Order tests', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add Delegate' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('Order tests');
  await expectOnServer(
    () => approvalsOf(provider.id),
    (rows) => expect(rows).toMatchObject([{ id: first?.id, approval_type: 'results', is_active: true }]),
  );

  // Removal is soft: the row stays on the server, inactive, and leaves the list.
  await row.getByRole('button', { name: `Remove ${MARIA.name}` }).click();
  await expect(toastSaying(page, 'Delegate removed successfully.')).toBeVisible({ timeout: 30_000 });
  await expect(row).toHaveCount(0);
  await expectOnServer(
    () => approvalsOf(provider.id),
    (rows) => expect(rows).toMatchObject([{ id: first?.id, is_active: false }]),
  );

  // Re-adding reactivates the same approval.
  await card.getByRole('button', { name: 'Add Delegate' }).click();
  await dialog.getByLabel('Search users').fill('Rivera');
  await choose(dialog, MARIA.name);
  await dialog.getByText('Order tests', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add Delegate' }).click();
  await expect(row).toHaveCount(1);
  await expectOnServer(
    () => approvalsOf(provider.id),
    (rows) => expect(rows).toMatchObject([{ id: first?.id, approval_type: 'order', is_active: true }]),
  );
});

test('adds a delegate offline and syncs it when the connection is back', async ({ page, context }) => {
  const provider = await createProvider('Otto');
  await signInAs(page, STAFF);
  await openManage(page, provider, 'delegates');
  const card = page.getByTestId('provider-delegates-card');
  await expect(card.getByText('No delegates yet.', { exact: false })).toBeVisible();

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Add Delegate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Delegate' });
  await dialog.getByLabel('Search users').fill('kevin');
  await choose(dialog, 'Kevin Osei');
  await dialog.getByText('View results', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add Delegate' }).click();
  await expect(toastSaying(page, 'Delegate added successfully.')).toBeVisible();
  await expect(card.getByTestId('delegate-row')).toContainText('Kevin Osei');
  expect(await approvalsOf(provider.id)).toEqual([]);

  await context.setOffline(false);
  await expectOnServer(
    () => approvalsOf(provider.id),
    (rows) => expect(rows).toMatchObject([{ approval_type: 'results', is_active: true }]),
    60_000,
  );
});
