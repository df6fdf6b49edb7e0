/**
 * Journey (issue 27): a returning staff member's dashboard figures match the lists they
 * open (counted by the lists themselves), offline too; a credential edit shows, in words,
 * on a second signed-in user's provider Activity tab and timeline within two seconds.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, signIn } from './support/session.ts';
import { SEED } from './support/providers.ts';

async function figure(page: Page, testId: string): Promise<number> {
  const count = page.getByTestId(`${testId}-count`);
  await expect(count).toBeVisible({ timeout: 60_000 });
  return Number((await count.textContent())?.replace(/,/g, ''));
}

const providers = (n: number) => `${n} provider${n === 1 ? '' : 's'}`;

test('dashboard figures match the lists they open, offline too', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/dashboard');
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 60_000 });

  const enrolled = await figure(page, 'figure-pecos-enrolled');
  const never = await figure(page, 'figure-pecos-never-verified');
  const withoutProvider = await figure(page, 'figure-organizations-without-provider');
  expect(enrolled).toBeGreaterThan(0);
  expect(never).toBeGreaterThan(0);
  // The seeded unmatched result (counted online from the server), first card, for a person to look at.
  expect(await figure(page, 'figure-results-unmatched')).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });

  await page.getByTestId('figure-pecos-never-verified').click();
  await expect(page).toHaveURL(/\/providers\?pecos=never_verified$/);
  await expect(page.getByTestId('active-filters')).toContainText('PECOS never verified');
  await expect(page.getByTestId('provider-count')).toHaveText(providers(never));

  await page.goto('/dashboard');
  await page.getByTestId('figure-organizations-without-provider').click();
  await expect(page).toHaveURL(/\/organizations\?providers=none$/);
  await expect(page.getByTestId('organization-count')).toContainText(`${withoutProvider} organization`);

  // Offline, after a reload: the same figures from this device's data.
  await page.goto('/dashboard');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await context(page).setOffline(true);
  await page.reload();
  expect(await figure(page, 'figure-pecos-enrolled')).toBe(enrolled);
  expect(await figure(page, 'figure-pecos-never-verified')).toBe(never);
  await expect(page.getByTestId('dashboard-sync-state')).toHaveText('Offline: changes are kept on this device');
  await page.getByTestId('figure-pecos-enrolled').click();
  await expect(page.getByTestId('provider-count')).toHaveText(providers(enrolled));
  await context(page).setOffline(false);
});

// The watcher is a signed-in user whose device has finished its first download: on the local
// stack (one PGlite connection) the audit page otherwise waits behind that download's pulls.
test('a credential edit reaches a second user\'s Activity tab and timeline within two seconds', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).not.toHaveURL(/\/auth/);
  // Both devices have their first download behind them (two at once share the one database connection of the local stack).
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 120_000 });

  // A second user watches the provider's Activity tab while the first edits the credential.
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await watcher.goto('/auth/signin');
  await expect(watcher.getByRole('heading', { name: 'Sign in to LabLink' })).toBeVisible();
  await watcher.waitForLoadState('networkidle');
  await signIn(watcher, ADMIN.email, ADMIN.password);
  await expect(watcher).not.toHaveURL(/\/auth/);
  await watcher.goto(`/providers/${SEED.bergstrom.id}/manage/activity`);
  await expect(watcher.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  await expect(watcher.getByTestId('audit-feed')).toBeVisible();
  await expect(watcher.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 120_000 });
  await expect(watcher.getByLabel('Loading the timeline')).toHaveCount(0, { timeout: 30_000 });

  await page.goto(`/providers/${SEED.bergstrom.id}/manage/edit`);
  const form = page.getByTestId('edit-provider-form');
  const credential = form.getByLabel('Credential (MD, DO, NP, etc)');
  await expect(credential).toBeVisible({ timeout: 60_000 });
  const before = (await credential.inputValue()) || '(empty)';
  const after = before === 'DO' ? 'MD' : 'DO';
  await credential.fill(after);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 60_000 });
  const saved = Date.now();

  const line = `Credential: ${before} → ${after}`;
  await expect(watcher.getByTestId('audit-change').filter({ hasText: line }).first()).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - saved).toBeLessThan(4_000);

  await watcher.goto(`/timeline?kind=providers&record=${SEED.bergstrom.id}`);
  const entry = watcher.getByTestId('audit-entry').filter({ hasText: line }).first();
  await expect(entry).toBeVisible({ timeout: 30_000 }).catch(async (error: unknown) => {
    await watcher.screenshot({ path: 'test-results/screenshots/timeline-watcher-failed.png' });
    throw error;
  });
  await expect(entry).toContainText('Provider changed');
  await expect(entry).toContainText(/by \S+/);
  await expect(entry).toContainText(/ago|less than a minute/);
  await other.close();
});

function context(page: Page) {
  return page.context();
}
