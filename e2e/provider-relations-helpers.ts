/**
 * Shared steps of the provider-relations journeys: fixtures made through the local stack's
 * API with the service key (a fresh provider per test, so tests never depend on each
 * other's leftovers), server-side reads to check what the app wrote, the mailbox, and
 * signing in through the API (for calls a user could forge outside the app).
 */
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { ANON_KEY, SERVICE_ROLE_KEY, STACK_URL } from './support/env.ts';

const SERVICE_HEADERS = {
  apikey: SERVICE_ROLE_KEY,
  Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
  'Content-Type': 'application/json',
  Prefer: 'return=representation',
};

/** Seeded organizations (supabase/seed.sql). */
export const ORGS = {
  capitalRegion: { id: '0c4f3311-8455-5ee2-9cec-f67e51c00036', name: 'Capital Region Medical Group PLLC' },
  hudsonValley: { id: 'aa2a16bc-afe8-54ca-ba41-e9ca7910ffae', name: 'Hudson Valley Family Practice' },
  empireDrugTesting: { id: '5489e4ad-2f39-54f4-8411-e20754157060', name: 'Empire Workplace Drug Testing LLC' },
  troySchools: { id: 'ed4b2046-427b-5942-923d-5f6c6803b7fd', name: 'Troy City School District' },
} as const;

/** A call to the stack's REST API as the service role; throws on a non-2xx answer. */
export async function serviceRest<T = unknown>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${STACK_URL}/rest/v1/${path}`, {
    method,
    headers: SERVICE_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface TestProvider {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  preferencesId: string;
  fullName: string;
}

export interface ProviderFixture {
  email?: string;
  organizations?: string[];
  favoriteReports?: string[];
  reportFormat?: string;
  faxNumber?: string | null;
}

/** A fresh non-healthcare provider (no NPI) with its preferences and memberships. */
export async function createProvider(label: string, fixture: ProviderFixture = {}): Promise<TestProvider> {
  const tag = randomUUID().slice(0, 6);
  const provider = {
    id: randomUUID(),
    firstName: label,
    lastName: `Relations-${tag}`,
    email: fixture.email ?? `${label.toLowerCase()}.${tag}@clinic-e2e.test`,
    preferencesId: randomUUID(),
  };
  const organizations = fixture.organizations ?? [ORGS.capitalRegion.id];
  await serviceRest('providers', 'POST', {
    id: provider.id,
    npi: null,
    first_name: provider.firstName,
    last_name: provider.lastName,
    email: provider.email,
    default_organization_id: organizations[0] ?? null,
    taxonomy_description: 'Client account (direct bill)',
  });
  await serviceRest('provider_preferences', 'POST', {
    id: provider.preferencesId,
    provider_id: provider.id,
    report_format: fixture.reportFormat ?? 'summary',
    favorite_reports: fixture.favoriteReports ?? [],
    fax_number: fixture.faxNumber ?? null,
  });
  for (const organizationId of organizations) {
    await serviceRest('provider_organization_memberships', 'POST', { provider_id: provider.id, organization_id: organizationId });
  }
  return { ...provider, fullName: `${provider.firstName} ${provider.lastName}` };
}

/** The profile id of a user, by email. */
export async function userIdOf(email: string): Promise<string> {
  const rows = await serviceRest<Array<{ id: string }>>(`profiles?select=id&email=eq.${encodeURIComponent(email)}`);
  if (!rows[0]) throw new Error(`no profile for ${email}`);
  return rows[0].id;
}

/**
 * Creates confirmed, approved users (their profiles come from the auth trigger). Each gets the
 * role `staff` through the service role, as an admin's invite grants it: an account without a
 * role waits for approval, and staff can neither see it nor make it a delegate.
 */
export async function createUsers(users: Array<{ email: string; firstName: string; lastName: string; title?: string }>): Promise<void> {
  for (const user of users) {
    const response = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
      method: 'POST',
      headers: SERVICE_HEADERS,
      body: JSON.stringify({
        email: user.email,
        password: `Pass-${randomUUID()}`,
        email_confirm: true,
        user_metadata: { first_name: user.firstName, last_name: user.lastName, professional_title: user.title ?? null },
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { id } = (await response.json()) as { id: string };
    await serviceRest('user_roles', 'POST', { user_id: id, role: 'staff' });
  }
}

/** The access token of a user signed in through the Auth API (not the app). */
export async function accessToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${STACK_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** What the stack's mailbox holds for an address. */
export async function mailFor(email: string): Promise<Array<{ kind: string; link: string }>> {
  const response = await fetch(`${STACK_URL}/__stack/mailbox?email=${encodeURIComponent(email)}`, { headers: SERVICE_HEADERS });
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ kind: string; link: string }>;
}

/** The toast with this description (several toasts may be on screen). */
export function toastSaying(page: Page, description: string) {
  return page.getByTestId('toast').filter({ hasText: description });
}

/** Signs in through the app's form and waits to leave /auth. */
export async function signInAs(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/** Opens a provider's manage page (or a tab of it) and waits for its title. */
export async function openManage(page: Page, provider: TestProvider, tab: 'edit' | 'preferences' | 'delegates'): Promise<void> {
  await page.goto(`/providers/${provider.id}/manage/${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: provider.fullName })).toBeVisible({ timeout: 60_000 });
}

/** Polls the server until `read` passes (replication is asynchronous). */
export async function expectOnServer<T>(read: () => Promise<T>, check: (value: T) => void, timeout = 30_000): Promise<T> {
  let last: T | undefined;
  await expect
    .poll(
      async () => {
        last = await read();
        try {
          check(last);
          return true;
        } catch {
          return false;
        }
      },
      { timeout },
    )
    .toBe(true);
  check(last as T);
  return last as T;
}
