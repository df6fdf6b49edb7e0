/**
 * Shared steps of the provider directory journeys (e2e/providers-*.spec.ts): the seeded
 * providers they use, waiting for the first download, the registry simulator's fault
 * switches, the server's copy of a provider, and a provider-only login that sees no
 * providers at all (row-level security), for the "nothing added yet" empty states.
 */
import { expect, type Page } from '@playwright/test';
import { SERVICE_ROLE_KEY, STACK_URL } from './env.ts';
import { uniqueEmail } from './session.ts';

/** Seeded providers (supabase/seed.sql), each used by one journey so they never collide. */
export const SEED = {
  /** Healthcare, PECOS enrolled (verified in the seed), linked to the provider login. */
  okafor: { id: 'cdd4b368-562a-5161-aad2-56c96b98adbd', name: 'Samuel Okafor', npi: '1890246816' },
  /** Healthcare, never verified; enrolled with Part B in the simulator: the success journey. */
  obrien: { id: 'fd2ed2ee-6bda-5e27-941a-0a6f684cb2eb', name: "Sean O'Brien", npi: '1599000050' },
  /** Healthcare, never verified: the failure journeys (the faults stop the check before any write). */
  kowalczyk: { id: 'f9b95ed5-13cb-5b55-97b9-7b9435b80930', name: 'Brian Kowalczyk', npi: '1338814209' },
  /** Healthcare, never verified: the offline journey. */
  johnson: { id: 'c811a672-0f95-59a9-8e38-a5ca609e869b', name: 'Anna Johnson', npi: '1436200012' },
  /** Healthcare, edited by the edit journeys. */
  mcallister: { id: 'de044e7b-bd72-5c1c-83eb-ab668fe6cb09', name: 'Mei McAllister', npi: '1025580535' },
  /** Healthcare, edited by the taxonomy-warning journey. */
  lindqvist: { id: '352c2657-12f9-5ab1-a2a7-b095d792dc33', name: 'Raj Lindqvist', npi: '1564777930' },
  /** Non-healthcare (no NPI, no registry data). */
  whitfield: { id: '8ea5c5ff-5710-59b5-b931-859c02078629', name: 'Karen Whitfield' },
  /** Inactive. */
  bergstrom: { id: '83d6ccb8-8f43-5ea8-8afd-d78cb19b12a2', name: 'Stephen Bergstrom' },
} as const;

export const PROVIDER_LOGIN = { email: 'provider@demo-lab.test', password: 'demo-provider-2026' };

const serviceHeaders = {
  apikey: SERVICE_ROLE_KEY,
  Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
  'Content-Type': 'application/json',
};

/** A call to the local stack with the service key; throws unless it answers 2xx. */
export async function stack(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<unknown> {
  const response = await fetch(`${STACK_URL}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...serviceHeaders, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** The server's row of a provider (as sync_push and the API send it). */
export async function serverProvider(id: string): Promise<Record<string, unknown>> {
  const rows = (await stack(`/rest/v1/providers?id=eq.${id}&select=*`)) as Array<Record<string, unknown>>;
  if (!rows[0]) throw new Error(`provider ${id} is not on the server`);
  return rows[0];
}

export type RegistryFault = 'slow' | 'error500' | 'malformed' | 'empty' | 'reset';

/** Arms the simulator's CMS data API fault for one NPI (every request until cleared). */
export async function armCmsFault(npi: string, fault: RegistryFault, delayMs?: number): Promise<void> {
  await stack('/__simulator/__faults', { method: 'POST', body: { cms: fault, npi, ...(delayMs ? { delayMs } : {}) } });
}

export async function clearFaults(npi: string): Promise<void> {
  await stack(`/__simulator/__faults?npi=${npi}`, { method: 'DELETE' });
}

/** A login with the provider role and no provider record: row-level security shows it no providers. */
export async function providerLoginWithoutProvider(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('no-provider');
  const password = 'No-provider-pass-1';
  const user = (await stack('/auth/v1/admin/users', {
    method: 'POST',
    body: { email, password, email_confirm: true, user_metadata: { first_name: 'Pat', last_name: 'Empty' } },
  })) as { id: string };
  await stack('/rest/v1/user_roles', { method: 'POST', body: { user_id: user.id, role: 'provider' }, headers: { Prefer: 'return=minimal' } });
  return { email, password };
}

/** A list row, by the provider's name. */
export function providerRow(page: Page, name: string) {
  return page.getByRole('row', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
}

/**
 * Opens a list and waits for its rows from this device's own copy (on a fresh browser, for
 * the first download: until then the rows come from the server, and the copy note says so).
 */
export async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('provider-rows').getByRole('row').first()).toBeVisible({ timeout: 60_000 });
  // "Up to date" only once the first download is done (then the list reads the local copy).
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 60_000 });
  await expect(page.getByTestId('provider-list-copy')).toHaveCount(0);
  await expect(page.getByTestId('provider-count')).toBeVisible();
}

/** The names of the rows on screen, in order. */
export async function rowNames(page: Page): Promise<string[]> {
  const rows = page.getByTestId('provider-rows').getByRole('row');
  const names = await rows.evaluateAll((elements) =>
    elements
      .map((element) => ({ index: Number(element.getAttribute('aria-rowindex')), name: element.querySelector('p')?.textContent ?? '' }))
      .sort((a, b) => a.index - b.index)
      .map((row) => row.name),
  );
  return names;
}
