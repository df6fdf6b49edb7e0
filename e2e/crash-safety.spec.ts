/**
 * Journey: the browser dies in the middle of a push. A persistent profile (so IndexedDB
 * and the stored session survive) edits a provider; the sync_push carrying the edit is
 * held at the network and the browser process is killed (SIGKILL, no clean shutdown).
 * After a restart on the same profile the edit is still on the device and still pending,
 * is pushed again, and lands exactly once (one server change, one audit entry).
 */
import { expect, test, type BrowserContext, type Page, type Request, type Route } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { killContext, launchProfile, newProfileDir } from './support/profile.ts';
import { STAFF, signIn, toastWith } from './support/session.ts';
import { openList, providerRow, serverProvider, stack } from './support/providers.ts';

interface PushBody {
  p_table: string;
  p_rows: Array<{ new: { id: string; first_name?: string } }>;
}

function pushOf(request: Request, id: string): PushBody | null {
  const body = request.postDataJSON() as PushBody | null;
  return body?.p_table === 'providers' && body.p_rows.some((row) => row.new.id === id) ? body : null;
}

/**
 * Hold every sync_push that carries the row: it stays in flight, unanswered, until the
 * browser dies or `release` drops it like a lost connection (the app then pushes again).
 */
async function holdPushes(page: Page, id: string): Promise<{ first: Promise<PushBody>; release: () => Promise<void> }> {
  let seen: (body: PushBody) => void = () => undefined;
  const first = new Promise<PushBody>((resolve) => (seen = resolve));
  const held: Route[] = [];
  const handler = async (route: Route) => {
    const body = pushOf(route.request(), id);
    if (!body) return route.continue();
    seen(body);
    held.push(route);
  };
  await page.route('**/rest/v1/rpc/sync_push', handler);
  const release = async () => {
    await page.unroute('**/rest/v1/rpc/sync_push', handler);
    for (const route of held.splice(0)) await route.abort('connectionreset').catch(() => undefined);
  };
  return { first, release };
}

async function auditOf(id: string): Promise<Array<{ action: string; changed_fields: unknown }>> {
  return (await stack(`/rest/v1/audit_log?row_id=eq.${id}&select=action,changed_fields&order=id`)) as Array<{
    action: string;
    changed_fields: unknown;
  }>;
}

test('a browser killed mid-push keeps the edit pending, and it lands exactly once after the restart', async ({ baseURL }, testInfo) => {
  testInfo.setTimeout(180_000);
  const id = randomUUID();
  const lastName = `Crashtest${randomUUID().slice(0, 6)}`;
  await stack('/rest/v1/providers', { method: 'POST', body: { id, first_name: 'Before', last_name: lastName }, headers: { Prefer: 'return=minimal' } });
  const userDataDir = newProfileDir('crash-profile');
  const launch = () => launchProfile(userDataDir, baseURL);
  let context: BrowserContext | null = await launch();
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, STAFF.email, STAFF.password);
    await expect(page).not.toHaveURL(/\/auth/);
    await openList(page, '/providers');
    await page.getByPlaceholder('Search by name or NPI...').fill(lastName);
    await expect(providerRow(page, `Before ${lastName}`)).toBeVisible({ timeout: 30_000 });

    const firstPush = (await holdPushes(page, id)).first;
    await providerRow(page, `Before ${lastName}`).click();
    const form = page.getByTestId('edit-provider-form');
    await form.getByLabel('First name').fill('After');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastWith(page, 'Success')).toBeVisible();
    expect((await firstPush).p_rows.find((row) => row.new.id === id)?.new.first_name).toBe('After');

    // The push is in flight: the browser dies.
    await killContext(context, userDataDir);
    context = null;
    expect((await serverProvider(id)).first_name).toBe('Before');

    // Restart on the same profile, the push held again: the edit is still here and pending.
    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    const { first: pushAgain, release } = await holdPushes(page, id);
    await page.goto('/providers');
    await expect(page).not.toHaveURL(/\/auth/);
    await page.getByPlaceholder('Search by name or NPI...').fill(lastName);
    await expect(providerRow(page, `After ${lastName}`)).toBeVisible({ timeout: 60_000 });
    expect((await pushAgain).p_rows.find((row) => row.new.id === id)?.new.first_name).toBe('After');
    expect((await serverProvider(id)).first_name).toBe('Before');
    await expect(page.getByTestId('sync-indicator')).not.toHaveAttribute('data-tone', 'ok');

    // Let it through: it lands, once.
    await release();
    await expect.poll(async () => (await serverProvider(id)).first_name, { timeout: 60_000 }).toBe('After');
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 60_000 });
    const audit = await auditOf(id);
    expect(audit.map((entry) => entry.action)).toEqual(['insert', 'update']);
    expect(JSON.stringify(audit[1]?.changed_fields)).toContain('first_name');
  } finally {
    await context?.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
  }
});
