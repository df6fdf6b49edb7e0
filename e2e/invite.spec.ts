/**
 * Journey: an invited staff member (role granted first, as invite-user does) opens the link from their email (the local stack's mailbox),
 * lands on /auth/set-password signed in from the link, chooses a password, is welcomed,
 * and can sign in with it later. A used link is refused with a way back.
 */
import { expect, test } from '@playwright/test';
import { SERVICE_ROLE_KEY, STACK_URL, WITHOUT_SERVICE_WORKER } from './support/env.ts';
import { signIn, signOut, toastWith, uniqueEmail, waitForWelcomeRecorded } from './support/session.ts';

test.use(WITHOUT_SERVICE_WORKER);

async function invite(email: string, redirectTo: string): Promise<string> {
  const headers = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };
  const invited = await fetch(`${STACK_URL}/auth/v1/invite?redirect_to=${encodeURIComponent(redirectTo)}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, data: { first_name: 'Imani', last_name: 'Grant' } }),
  });
  expect(invited.status).toBe(200);
  // Access is granted, never inferred: invite-user grants the role before it invites, so the
  // journey does too (an account without a role waits for an admin's approval).
  const { id } = (await invited.json()) as { id: string };
  const granted = await fetch(`${STACK_URL}/rest/v1/user_roles`, { method: 'POST', headers, body: JSON.stringify({ user_id: id, role: 'staff' }) });
  expect(granted.status).toBe(201);
  const mail = await fetch(`${STACK_URL}/__stack/mailbox?email=${encodeURIComponent(email)}`, { headers });
  const items = (await mail.json()) as Array<{ kind: string; link: string }>;
  const link = items.find((item) => item.kind === 'invite')?.link;
  if (!link) throw new Error(`no invite mailed to ${email}`);
  return link;
}

test('an invited user sets a password from the link and can sign in with it', async ({ page, baseURL }) => {
  const email = uniqueEmail('invited');
  const link = await invite(email, `${baseURL}/auth/set-password`);

  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/set-password/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(page.getByText(`You are setting the password for ${email}.`)).toBeVisible();

  await page.getByLabel('New password').fill('Invited-pass-1');
  await page.getByLabel('Confirm password').fill('Invited-pass-1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(toastWith(page, 'Password Set')).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Imani');
  await waitForWelcomeRecorded(page);

  await signOut(page);
  await signIn(page, email, 'Invited-pass-1');
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once: opened again it is refused, with a way to sign in.
  await signOut(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
});

test('the set-password page without a link says how to get one', async ({ page }) => {
  await page.goto('/auth/set-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(page.getByText('Open the invitation link from your email to set your password.')).toBeVisible();
});
