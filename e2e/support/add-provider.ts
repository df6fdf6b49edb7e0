/**
 * The add-provider journeys' shared steps: the simulator's named NPIs, the server's view
 * of providers (service key, to check what synced), the simulator's fault switches, and
 * the flow's first steps in the UI. Journeys clear the NPIs they create first, so they also
 * pass against a stack that a previous run already used.
 */
import { expect, type Page } from '@playwright/test';
import { SERVICE_ROLE_KEY, STACK_URL } from './env.ts';

/** supabase/local/simulator/FIXTURES.md; the first five are deliberately not seeded. */
export const NPIS = {
  janeDoe: '1234567893',
  mendez: '1047123405',
  kowalski: '1667788990',
  noPrimaryTaxonomy: '1495236071',
  brennan: '1886000110',
  organization: '1973110020',
  notEnrolled: '1314159264',
  unknown: '1555000045',
  wrongCheckDigit: '1234567890',
  /** Seeded (Samuel Okafor): adding it again is a duplicate. */
  seededOkafor: '1890246816',
} as const;

export const ORGANIZATION = { legalName: 'Capital Region Medical Group PLLC', option: 'Capital Region Medical Group PLLC (Healthcare)' };

const headers = {
  apikey: SERVICE_ROLE_KEY,
  Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
  'Content-Type': 'application/json',
};

async function rest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${STACK_URL}/rest/v1/${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface ServerProvider {
  id: string;
  npi: string | null;
  first_name: string;
  last_name: string;
  credential: string | null;
  email: string | null;
  phone: string | null;
  default_organization_id: string | null;
  taxonomy_code: string | null;
  nppes_verified: boolean;
  nppes_data: unknown;
  pecos_verified: boolean;
  pecos_verification_date: string | null;
  created_by: string | null;
}

/** The live providers the server has with this NPI (or, for one without, this last name). */
export function serverProviders(filter: { npi: string } | { lastName: string }): Promise<ServerProvider[]> {
  const where = 'npi' in filter ? `npi=eq.${filter.npi}` : `last_name=eq.${encodeURIComponent(filter.lastName)}`;
  return rest<ServerProvider[]>(`providers?${where}&_deleted=is.false&select=*`);
}

export function serverMemberships(providerId: string) {
  return rest<Array<{ organization_id: string; is_active: boolean; assigned_by: string | null }>>(
    `provider_organization_memberships?provider_id=eq.${providerId}&_deleted=is.false&select=*`,
  );
}

export function serverPreferences(providerId: string) {
  return rest<Array<{ in_app_notifications: boolean; email_notifications: boolean; fax_notifications: boolean; fax_number: string | null }>>(
    `provider_preferences?provider_id=eq.${providerId}&_deleted=is.false&select=*`,
  );
}

/** Soft-deletes every provider with this NPI (a rerun on the same stack starts clean). */
export async function forgetNpi(npi: string): Promise<void> {
  await rest(`providers?npi=eq.${npi}`, { method: 'PATCH', body: JSON.stringify({ _deleted: true }) });
}

/** A provider written straight to the server (as another device would). */
export async function insertServerProvider(row: { npi: string; first_name: string; last_name: string }): Promise<void> {
  await rest('providers', { method: 'POST', body: JSON.stringify(row), headers: { Prefer: 'return=minimal' } });
}

/** Arms a simulator fault for one NPI (see supabase/local/simulator/README.md). */
export async function armFault(registry: 'nppes' | 'cms', npi: string, kind: 'error500' | 'malformed'): Promise<void> {
  const response = await fetch(`${STACK_URL}/__simulator/__faults`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ [registry]: kind, npi }),
  });
  expect(response.ok).toBe(true);
}

export async function clearFaults(npi: string): Promise<void> {
  await fetch(`${STACK_URL}/__simulator/__faults?npi=${npi}`, { method: 'DELETE', headers });
}

/**
 * Makes the page a returning user's installed app: the service worker that the first visit
 * installed now serves the app's code, so pages not opened yet still load offline.
 */
export async function useInstalledApp(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/providers');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** From the provider list: Add Provider, then one of the two types. */
export async function chooseProviderType(page: Page, title: 'Individual Provider' | 'Non-Healthcare Provider'): Promise<void> {
  await page.goto('/providers/type-selection');
  await page.getByRole('button', { name: title, exact: true }).click();
}

/** On the lookup page: types the NPI and presses Verify NPI. */
export async function verifyNpi(page: Page, npi: string): Promise<void> {
  const input = page.getByLabel('NPI', { exact: true });
  await input.fill(npi);
  await page.getByRole('button', { name: 'Verify NPI' }).click();
}

/** Picks the organization once the list has synced to this device. */
export async function chooseOrganization(page: Page, option = ORGANIZATION.option): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Organization' });
  await expect(select.locator('option', { hasText: option })).toHaveCount(1, { timeout: 60_000 });
  await select.selectOption({ label: option });
}

/** A switch of the preferences section (the Chakra switch is a label around a hidden checkbox). */
export function preferenceSwitch(page: Page, label: string) {
  return page.locator('label').filter({ hasText: label });
}

export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  // The app's header is sticky: from the top, a full-page capture shows it where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Finite CSS animations (a toast sliding in) are finished first, so the shot shows the end state.
  await page.screenshot({ path: `test-results/screenshots/add-provider-${name}.png`, fullPage, animations: 'disabled' });
}
