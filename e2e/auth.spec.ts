/**
 * Journey: signing up, in and out. A new account waits for an admin's approval (a plain
 * page, not the app); once given a role it is greeted once on /welcome, later sign-ins go
 * to the dashboard; wrong credentials show the server's message; the guard turns a
 * signed-out user away to /auth and brings them back after sign-in; the demo admin gets
 * the admin styling and section, non-admins the `clinical` class.
 */
import { expect, test } from '@playwright/test';
import { stack } from './support/providers.ts';
import { ADMIN, STAFF, signIn, signOut, signUp, toastWith, uniqueEmail, waitForWelcomeRecorded } from './support/session.ts';
import { WITHOUT_SERVICE_WORKER } from './support/env.ts';

test.use(WITHOUT_SERVICE_WORKER);

test('a new user signs up, waits for approval, is welcomed once approved, signs out and signs back in', async ({ page }) => {
  // Two sign-ins, an approval and a sign-out that wipes the device: room on a loaded machine.
  test.setTimeout(150_000);
  const email = uniqueEmail('signup');
  const password = 'Lab-e2e-pass-1';

  await signUp(page, email, password);
  await expect(toastWith(page, 'Account Created')).toBeVisible();
  // No role yet: a plain page says so, and nothing of the app shows.
  await expect(page.getByTestId('no-access-page')).toHaveAttribute('data-level', 'pending');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Waiting for approval');
  await expect(page.getByText(`Your account (${email}) has been created, but an administrator has not approved it yet.`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('waiting-for-approval.png'), fullPage: true });

  // The name given at sign-up is on the profile the approving admin sees; the admin gives
  // the account the staff role; "Check again" lets the user in.
  const [profile] = (await stack(`/rest/v1/profiles?email=eq.${encodeURIComponent(email)}&select=id,first_name,last_name`)) as Array<{ id: string; first_name: string; last_name: string }>;
  expect(profile).toMatchObject({ first_name: 'Rosa', last_name: 'Delgado' });
  await stack('/rest/v1/user_roles', { method: 'POST', body: { user_id: profile!.id, role: 'staff' }, headers: { Prefer: 'return=minimal' } });
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hello, Rosa/);
  await waitForWelcomeRecorded(page);

  await signOut(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Every ordering provider');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/auth/signin');
  await signIn(page, email, password);
  await expect(toastWith(page, 'Welcome back!')).toContainText('You have successfully signed in.');
  // Welcomed once already: the dashboard from now on.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('signing up with an address already registered shows the server message', async ({ page }) => {
  await signUp(page, STAFF.email, 'Another-pass-1');
  await expect(toastWith(page, 'Authentication Error')).toContainText('User already registered');
  await expect(page).toHaveURL(/\/auth\/signup$/);
});

test('wrong credentials show the server message and keep the user on the sign-in page', async ({ page }) => {
  await signIn(page, STAFF.email, 'not-the-password');
  await expect(toastWith(page, 'Authentication Error')).toContainText('Invalid login credentials');
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test('the forms explain what is missing before anything is sent', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByRole('tab', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await page.getByLabel('Work email').fill('new-user@lab-e2e.test');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();
  await expect(page.getByText('Confirm your password')).toBeVisible();

  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Delgado');
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm password').fill('long-enough-2');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('Use at least 8 characters')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth\/signup$/);
});

test('the guard sends a signed-out user to sign in, then back where they were going', async ({ page }) => {
  await page.goto('/providers/healthcare?q=okafor');
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/providers\/healthcare\?q=okafor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare Providers' })).toBeVisible();

  // Signed in, the sign-in page itself moves on.
  await page.goto('/auth/signin');
  await expect(page).not.toHaveURL(/\/auth/);
});

test('the session survives a reload, and sign-out is global', async ({ page, browser }) => {
  // Two devices, and the second one's wipe when its session ends: room on a loaded machine.
  test.setTimeout(150_000);
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/timeline');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Timeline' })).toBeVisible();

  // A second device of the same user is signed out by the global sign-out.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, STAFF.email, STAFF.password);
  await expect(second).not.toHaveURL(/\/auth/);

  await signOut(page);
  await page.goto('/timeline');
  await expect(page).toHaveURL(/\/auth$/);

  // The other device's refresh token was revoked: its next refresh ends its session (it may
  // have learned it already, checking its session on focus or every minute).
  await second.evaluate(async () => {
    const raw = localStorage.getItem('lab-directory.auth');
    if (!raw) return;
    const session = JSON.parse(raw) as { expires_at: number };
    session.expires_at = Math.floor(Date.now() / 1000) - 10;
    localStorage.setItem('lab-directory.auth', JSON.stringify(session));
  });
  await second.reload({ waitUntil: 'domcontentloaded' });
  await expect(second).toHaveURL(/\/auth$/, { timeout: 30_000 });
  await other.close();
});

test('the demo admin gets the admin accent and section; staff get the clinical styling', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/auth/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\bclinical\b/);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toContainText('Admin');
  await page.keyboard.press('Escape');
  await signOut(page);

  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await expect(page.locator('html')).toHaveClass(/\bclinical\b/);
  await expect(nav.getByRole('link', { name: 'Providers' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
});
