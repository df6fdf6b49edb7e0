/**
 * Journeys' shared steps: signing up, in and out through the UI, and a toast's text.
 * Users are made unique per run so the tests never depend on each other's leftovers.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export const STAFF = { email: 'staff@demo-lab.test', password: 'demo-staff-2026' };
export const ADMIN = { email: 'admin@demo-lab.test', password: 'demo-admin-2026' };

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@lab-e2e.test`;
}

/** The toast with this title (toasts are a live region: several may be on screen). */
export function toastWith(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title });
}

/** Sign in through the form; stays on the sign-in page if already there (the guard's return path). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const onSignIn = /^\/auth(\/signin)?$/.test(page.url().startsWith('http') ? new URL(page.url()).pathname : '');
  if (!onSignIn) await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signUp(page: Page, email: string, password: string, name = { first: 'Rosa', last: 'Delgado' }): Promise<void> {
  await page.goto('/auth/signup');
  await page.getByLabel('First name').fill(name.first);
  await page.getByLabel('Last name').fill(name.last);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
}

/** Sign out from the user menu (no unsynced changes expected) and land on `/`. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The welcome page records in the user's metadata that it was shown; wait for that save. */
export async function waitForWelcomeRecorded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const raw = localStorage.getItem('lab-directory.auth');
        const stored = raw ? (JSON.parse(raw) as { user?: { user_metadata?: { welcomed_at?: string } } }) : null;
        return stored?.user?.user_metadata?.welcomed_at ?? null;
      }),
    )
    .not.toBeNull();
}

/**
 * One signed-in page for every test of the file, which then run in order (serial): each
 * test opens the page it needs by address. A sign-in is a new device and its first
 * download, and cost more than most of these tests; journeys that need a fresh device, a
 * second user or a reload into a new session keep their own. Call at the file's top level
 * (or in a describe) and read the page inside the tests: `const staff = sharedSignedInPage();`
 * … `const page = staff();`.
 */
export function sharedSignedInPage(login: { email: string; password: string } = STAFF): () => Page {
  let page: Page | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signIn(page, login.email, login.password);
    // Generous: on a loaded machine the app's first load after sign-in can take a while.
    await expect(page).not.toHaveURL(/\/auth/, { timeout: 60_000 });
  });
  test.afterAll(async () => {
    await page?.close();
  });
  return () => {
    if (!page) throw new Error('the shared page is opened in beforeAll');
    return page;
  };
}
