/**
 * Journey: Link User Account (spec §2, §5, §6, §8). An admin creates a provider's login from
 * the manage page: the email rules and warnings, an email that already has an account, then
 * a new account linked and shown; unlinking is not supported. The invitation from the
 * mailbox opens /auth/set-password, and the new provider user sees only their own record.
 * A non-admin has no button, and the server refuses a forged invitation (403). Offline, the
 * invitation waits in the outbox and is announced when it has been sent.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, uniqueEmail } from './support/session.ts';
import { STACK_URL, ANON_KEY, WITHOUT_SERVICE_WORKER } from './support/env.ts';
import { accessToken, createProvider, mailFor, openManage, serviceRest, signInAs, toastSaying } from './provider-relations-helpers.ts';

test.use(WITHOUT_SERVICE_WORKER);

test.describe.configure({ timeout: 240_000 });

const EXISTING_ACCOUNT_WARNING = 'A user account with this email already exists. Linking will fail unless you use a different email.';
const differentEmail = (registered: string) =>
  `This email differs from the provider's registered email (${registered}). The invitation will be sent to the address entered here.`;

test('an admin links a login account, and the provider user signs in to their own record only', async ({ page, browser }) => {
  const provider = await createProvider('Lena');
  await signInAs(page, ADMIN);
  await openManage(page, provider, 'edit');

  await page.getByRole('button', { name: 'Link User Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link User Account' });
  const email = dialog.getByLabel('Email');
  await expect(email).toHaveValue(provider.email);
  await expect(dialog.getByTestId('link-user-warning')).toHaveCount(0);

  await email.fill('');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();

  // An address that already has an account: both warnings, then the server's refusal.
  await email.fill(STAFF.email);
  await expect(dialog.getByTestId('link-user-warning')).toHaveText([EXISTING_ACCOUNT_WARNING, differentEmail(provider.email)]);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(toastSaying(page, 'A user with this email already exists. Please use a different email.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeVisible();

  const login = uniqueEmail('lena-login');
  await email.fill(login);
  await expect(dialog.getByTestId('link-user-warning')).toHaveText([differentEmail(provider.email)]);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    toastSaying(page, `A user account has been created and linked to ${provider.fullName}. An invitation email has been sent.`),
  ).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  // The linked login shows in place of the button once it has synced.
  const linked = page.getByTestId('linked-user');
  await expect(linked).toContainText(`${provider.fullName} (${login})`, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Link User Account' })).toHaveCount(0);
  await linked.getByRole('button', { name: 'Unlink' }).click();
  await expect(toastSaying(page, 'Unlinking users is not supported at this time.')).toBeVisible();

  // The invitation: set a password from the link, then the app shows only their own record.
  const [invite] = (await mailFor(login)).filter((item) => item.kind === 'invite');
  expect(invite?.link).toBeTruthy();
  const providerContext = await browser.newContext();
  const providerPage = await providerContext.newPage();
  await providerPage.goto(invite?.link ?? '');
  await expect(providerPage).toHaveURL(/\/auth\/set-password/);
  await providerPage.getByLabel('New password').fill('Lena-pass-2026');
  await providerPage.getByLabel('Confirm password').fill('Lena-pass-2026');
  await providerPage.getByRole('button', { name: 'Save password' }).click();
  // A provider's own login has a page of its own (issue 25): their record, not the directory.
  await expect(providerPage).toHaveURL(/\/my-provider$/, { timeout: 30_000 });
  await expect(providerPage.getByRole('heading', { level: 1 })).toContainText(provider.lastName, { timeout: 60_000 });
  await providerPage.goto('/providers');
  await expect(providerPage).toHaveURL(/\/my-provider$/);
  await providerContext.close();

  // The server agrees: with their own password they read one provider, their own.
  const token = await accessToken(login, 'Lena-pass-2026');
  const response = await fetch(`${STACK_URL}/rest/v1/providers?select=id&_deleted=eq.false`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
  });
  expect(await response.json()).toEqual([{ id: provider.id }]);
});

test('a non-admin has no Link User Account button, and the server refuses a forged invitation', async ({ page }) => {
  const provider = await createProvider('Nadia');
  await signInAs(page, STAFF);
  await openManage(page, provider, 'edit');
  await expect(page.getByTestId('provider-organizations')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link User Account' })).toHaveCount(0);

  const forged = uniqueEmail('forged');
  const token = await accessToken(STAFF.email, STAFF.password);
  const response = await fetch(`${STACK_URL}/functions/v1/invite-user`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: forged, role: 'provider', firstName: 'Nadia', lastName: provider.lastName, providerId: provider.id, invitedBy: 'x' }),
  });
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ error: 'Only administrators can create user accounts.' });
  expect(await mailFor(forged)).toEqual([]);
  expect(await serviceRest(`profiles?select=id&email=eq.${encodeURIComponent(forged)}`)).toEqual([]);
});

test('offline, the invitation waits in the outbox and is announced once sent', async ({ page, context }) => {
  const provider = await createProvider('Odile');
  await signInAs(page, ADMIN);
  await openManage(page, provider, 'edit');
  await expect(page.getByRole('button', { name: 'Link User Account' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Link User Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link User Account' });
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(toastSaying(page, `The account for ${provider.fullName} will be created`)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await mailFor(provider.email)).toEqual([]);

  await context.setOffline(false);
  await expect(
    toastSaying(page, `A user account has been created and linked to ${provider.fullName}. An invitation email has been sent.`),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('linked-user')).toContainText(provider.email, { timeout: 30_000 });
  expect((await mailFor(provider.email)).map((item) => item.kind)).toContain('invite');
});
