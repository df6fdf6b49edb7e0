/**
 * The demo seed on a stack of its own: supabase/seed.sql holds the directory and no login
 * (it may reach a hosted project); the local stack's own step adds the demo logins, which
 * sign in with their roles, the directory has every kind of organization and provider, the PECOS mix
 * agrees with what the registry simulator answers, and every seeded NPI is valid.
 */
import fs from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, DEMO_LOGINS_FILE, SEED_FILE } from '../../supabase/local/config.ts';
import { buildSeed } from '../../supabase/seed/seed-statements.ts';
import { DEMO_LOGINS } from '../../supabase/local/demo-logins.ts';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';
import { NAMED_NPIS, ppefRowsFor } from '../../supabase/local/simulator/fixtures.ts';
import { isValidNpi } from '../../supabase/local/simulator/npi.ts';
import { RESERVED_FOR_CREATION } from '../../supabase/seed/demo-providers.ts';
import type { Client } from '../helpers/clients.ts';

interface ProviderRow {
  id: string;
  npi: string | null;
  first_name: string;
  last_name: string;
  is_active: boolean;
  pecos_verified: boolean;
  pecos_verification_date: string | null;
  pecos_verification_data: { enrollment: { rows: unknown[] } } | null;
  nppes_verified: boolean;
  nppes_data: { result_count: number; results: Array<{ number: string }> } | null;
}

let stack: RunningStack;
const clients = new Map<string, Client>();

beforeAll(async () => {
  stack = await startStack({ port: 0, dataDir: null, seed: true, quiet: true });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

async function signedIn(email: string): Promise<Client> {
  const known = clients.get(email);
  if (known) return known;
  const login = DEMO_LOGINS.find((candidate) => candidate.email === email);
  if (!login) throw new Error(`${email} is not a demo login`);
  const client = createClient(stack.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email: login.email, password: login.password });
  if (error) throw error;
  clients.set(email, client);
  return client;
}

async function providers(): Promise<ProviderRow[]> {
  const client = await signedIn('staff@demo-lab.test');
  const { data, error } = await client.from('providers').select('*');
  if (error) throw error;
  return data as ProviderRow[];
}

describe('where the demo logins live', () => {
  it('supabase/seed.sql (what `db push --include-seed` sends to a hosted project) has no login, password or role', () => {
    const seed = fs.readFileSync(SEED_FILE, 'utf8');
    expect(seed).not.toMatch(/auth\.users|auth\.identities|encrypted_password|user_roles|\$2[aby]\$/);
    expect(seed).toMatch(/insert into public\.providers/);
  });

  it('the local stack adds them in its own step, and both files are what the generator makes', () => {
    expect(fs.readFileSync(DEMO_LOGINS_FILE, 'utf8')).toMatch(/insert into auth\.users/);
    const { sql, localSql } = buildSeed();
    expect(fs.readFileSync(SEED_FILE, 'utf8')).toBe(sql);
    expect(fs.readFileSync(DEMO_LOGINS_FILE, 'utf8')).toBe(localSql);
  });
});

describe('the demo seed', () => {
  it.each(DEMO_LOGINS.map((login) => [login.email, login]))('%s signs in and has a named profile', async (email) => {
    const client = await signedIn(email);
    const { data: user } = await client.auth.getUser();
    expect(user.user?.email).toBe(email);
    const { data: profile } = await client.from('profiles').select('email, first_name, last_name').eq('id', user.user!.id).single();
    expect(profile).toMatchObject({ email });
    expect(profile!.first_name).toMatch(/^\p{Lu}/u);
    expect(profile!.last_name).toMatch(/^\p{Lu}/u);
  });

  it('gives the admin the admin role, and the staff members and delegates the staff role', async () => {
    const roleOf = async (email: string) => {
      const client = await signedIn(email);
      const id = (await client.auth.getUser()).data.user!.id;
      return (await client.from('user_roles').select('role').eq('user_id', id)).data;
    };
    expect(await roleOf('admin@demo-lab.test')).toEqual([{ role: 'admin' }]);
    for (const email of ['staff@demo-lab.test', 'maria.rivera@demo-lab.test', 'kevin.osei@demo-lab.test']) {
      expect({ email, roles: await roleOf(email) }).toEqual({ email, roles: [{ role: 'staff' }] });
    }
    expect(await roleOf('provider@demo-lab.test')).toEqual([{ role: 'provider' }]);
  });

  it('links the provider login to its own record only, with its delegates', async () => {
    const client = await signedIn('provider@demo-lab.test');
    const own = await client.from('providers').select('id, npi');
    expect(own.data).toHaveLength(1);
    expect(own.data![0]!.npi).toBe(NAMED_NPIS.multiEnrollment);
    const delegates = await client.from('provider_delegate_approvals').select('provider_id, approval_type').eq('is_active', true);
    expect(delegates.data!.map((row) => row.approval_type).sort()).toEqual(['both', 'results']);
    expect((await client.from('organizations').select('id')).data).toEqual([]);
  });

  it('has organizations of every type, one of them inactive', async () => {
    const client = await signedIn('staff@demo-lab.test');
    const { data } = await client.from('organizations').select('type, is_active');
    const types = new Set(data!.map((row) => row.type));
    expect([...types].sort()).toEqual(['healthcare', 'non_healthcare', 'sole_proprietor']);
    expect(data!.filter((row) => !row.is_active).length).toBeGreaterThanOrEqual(1);
  });

  it('has about sixty providers: healthcare and non-healthcare, some inactive', async () => {
    const rows = await providers();
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(rows.length).toBeLessThanOrEqual(65);
    expect(rows.filter((row) => row.npi === null).length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((row) => !row.is_active).length).toBeGreaterThanOrEqual(3);
  });

  it('has valid, unique NPIs, none of those kept for the add-provider journey', async () => {
    const npis = (await providers()).map((row) => row.npi).filter((npi): npi is string => npi !== null);
    expect(npis.filter((npi) => !isValidNpi(npi))).toEqual([]);
    expect(new Set(npis).size).toBe(npis.length);
    expect(npis.filter((npi) => RESERVED_FOR_CREATION.includes(npi))).toEqual([]);
  });

  it('dates PECOS checks from the day it is seeded: mostly recent, some due again, so order entry shows each path', async () => {
    const { rows } = await stack.db.pg.query<{ status: string; n: number }>(
      `select private.medicare_eligibility(id, now()) ->> 'status' as status, count(*)::int as n
         from public.providers where npi is not null and is_active group by 1`,
    );
    const count = Object.fromEntries(rows.map((row) => [row.status, row.n]));
    expect(count.eligible).toBeGreaterThanOrEqual(10);
    expect(count['not-eligible']).toBeGreaterThanOrEqual(3);
    expect(count['needs-check']).toBeGreaterThanOrEqual(3);
    const checked = (await providers()).filter((row) => row.pecos_verification_date);
    const age = (row: ProviderRow) => (Date.now() - Date.parse(row.pecos_verification_date!)) / 86_400_000;
    expect(checked.filter((row) => age(row) <= 30).length).toBeGreaterThan(checked.length / 2);
    expect(checked.every((row) => age(row) >= 0)).toBe(true);
    // The provider login's own record is checked within the last days: Medicare can be billed for its orders.
    const { rows: [own] } = await stack.db.pg.query<{ status: string }>(
      `select private.medicare_eligibility(id, now()) ->> 'status' as status from public.providers where npi = '${NAMED_NPIS.multiEnrollment}'`,
    );
    expect(own?.status).toBe('eligible');
  });

  it('mixes PECOS states in agreement with the registry simulator', async () => {
    const healthcare = (await providers()).filter((row) => row.npi !== null);
    const enrolled = healthcare.filter((row) => row.pecos_verification_date && row.pecos_verified);
    const notEnrolled = healthcare.filter((row) => row.pecos_verification_date && !row.pecos_verified);
    const neverChecked = healthcare.filter((row) => !row.pecos_verification_date);
    expect(enrolled.length).toBeGreaterThanOrEqual(10);
    expect(notEnrolled.length).toBeGreaterThanOrEqual(5);
    expect(neverChecked.length).toBeGreaterThanOrEqual(5);
    for (const row of enrolled) {
      expect(ppefRowsFor(row.npi!).length).toBeGreaterThan(0);
      expect(row.pecos_verification_data!.enrollment.rows.length).toBeGreaterThan(0);
    }
    for (const row of notEnrolled) expect(ppefRowsFor(row.npi!)).toEqual([]);
  });

  it('stores the NPPES answer of the registry-verified providers', async () => {
    const verified = (await providers()).filter((row) => row.nppes_verified);
    expect(verified.length).toBeGreaterThanOrEqual(30);
    for (const row of verified) {
      expect(row.nppes_data!.result_count).toBe(1);
      expect(row.nppes_data!.results[0]!.number).toBe(row.npi);
    }
  });

  it('gives every provider preferences, and links providers to organizations and delegates', async () => {
    const client = await signedIn('staff@demo-lab.test');
    const count = async (table: string) =>
      (await client.from(table).select('id', { count: 'exact', head: true })).count ?? 0;
    const total = (await providers()).length;
    expect(await count('provider_preferences')).toBe(total);
    expect(await count('provider_organization_memberships')).toBeGreaterThanOrEqual(total);
    expect(await count('provider_delegate_approvals')).toBeGreaterThanOrEqual(8);
    const { data } = await client.from('provider_preferences').select('favorite_reports').eq('email_notifications', true);
    expect(data!.some((row) => (row.favorite_reports as string[]).every((email) => email.includes('@')) && row.favorite_reports.length > 0)).toBe(true);
  });

  it('publishes the demo reference data as version 1, every NCD code a billable code of the ICD-10-CM subset', async () => {
    const client = await signedIn('staff@demo-lab.test');
    const { data: sets } = await client.from('reference_data_sets').select('name, version, item_count').order('name');
    expect(sets).toEqual([
      { name: 'compendium', version: 1, item_count: expect.any(Number) },
      { name: 'icd10cm', version: 1, item_count: expect.any(Number) },
      { name: 'ncd', version: 1, item_count: 5 },
    ]);
    expect(sets![0]!.item_count).toBeGreaterThanOrEqual(100);
    expect(sets![1]!.item_count).toBeGreaterThanOrEqual(200);
    const { data: billable } = await client.from('icd10cm_codes').select('code').eq('billable', true).limit(1000);
    const choosable = new Set((billable ?? []).map((row) => row.code as string));
    const { data: codes } = await client.from('ncd_codes').select('ncd_id, list, code').neq('list', 'hcpcs').limit(1000);
    const unknown = (codes ?? []).filter((row) => !choosable.has(row.code as string));
    expect(unknown).toEqual([]);
    const { data: tests } = await client.from('compendium_tests').select('code, panel_members').eq('is_panel', true);
    const { data: all } = await client.from('compendium_tests').select('code').limit(1000);
    const known = new Set((all ?? []).map((row) => row.code as string));
    for (const panel of tests ?? []) for (const member of panel.panel_members as string[]) expect(known.has(member), `${panel.code} → ${member}`).toBe(true);
  });
  it('dates the demo laboratory\'s activity around the day it is seeded: today\'s orders, a STAT one not received, an open critical value, an unmatched result, a pickup today', async () => {
    const client = await signedIn('staff@demo-lab.test');
    const now = Date.now();
    // Orders and results are patient data: read through sync_pull, as the device does.
    const pulled = async (table: string) => ((await client.rpc('sync_pull', { p_table: table, p_limit: 10000 })).data as { rows: Array<Record<string, unknown>> } | null)?.rows;
    const orders = await pulled('orders');
    const today = (orders ?? []).filter((order) => now - Date.parse(order.collected_at as string) < 3_600_000 && Date.parse(order.collected_at as string) <= now);
    expect(new Set(today.map((order) => order.status as string))).toEqual(new Set(['submitted', 'received', 'in_progress', 'resulted']));
    expect(today.some((order) => order.priority === 'stat' && order.status === 'submitted')).toBe(true);
    const older = (orders ?? []).filter((order) => now - Date.parse(order.collected_at as string) > 86_400_000);
    expect(older.every((order) => now - Date.parse(order.collected_at as string) < 61 * 86_400_000)).toBe(true);
    const results = await pulled('results');
    expect((results ?? []).every((result) => Date.parse(result.received_at as string) <= now && result.reviewed_at === null)).toBe(true);
    // The observations are dated with their result (a chart of a patient's results draws them on these dates).
    const observed = (results ?? []).flatMap((result) => (result.observations as Array<{ observed_at: string }>).map((o) => [Date.parse(o.observed_at), Date.parse(result.collected_at as string)]));
    expect(observed.length).toBeGreaterThan(10);
    expect(observed.filter(([at, collected]) => at !== collected)).toEqual([]);
    const { data: alerts } = await client.from('alerts').select('id, kind, acknowledged_at').eq('kind', 'critical_value');
    expect(alerts).toEqual([{ id: expect.any(String), kind: 'critical_value', acknowledged_at: null }]);
    // The critical value's first notices were sent, by every channel: its page lists who was told.
    const { data: notices } = await client.from('result_distributions').select('purpose, round, channel, status, alert_id').eq('purpose', 'critical');
    expect(new Set((notices ?? []).map((notice) => notice.channel))).toEqual(new Set(['in_app', 'email', 'fax']));
    expect((notices ?? []).every((notice) => notice.round === 0 && notice.status === 'sent' && notice.alert_id === alerts?.[0]?.id)).toBe(true);
    const { data: queue } = await client.rpc('result_queue', { p_open: true });
    const unmatched = ((queue ?? []) as Array<Record<string, unknown>>)
      .map(({ status, kind, error, order_patient, message_patient }) => ({ status, kind, error, order_patient, message_patient }))
      .sort((a, b) => String(b.kind).localeCompare(String(a.kind)));
    expect(unmatched).toEqual([
      { status: 'open', kind: 'unknown_order', error: 'OBR[1]-2: Unknown placer order number R-0-9999', order_patient: null, message_patient: 'MARSH, EVELYN 1962-02-14' },
      { status: 'open', kind: 'patient_mismatch', error: expect.stringMatching(/^PID-3: Order R-0-\d{4} is for [A-Z' -]+, [A-Z' -]+ \d{4}-\d{2}-\d{2}; the result names DOE, JANE 1980-01-01/), order_patient: expect.any(String), message_patient: 'DOE, JANE 1980-01-01' },
    ]);
    const day = new Date().toISOString().slice(0, 10);
    const { data: pickups } = await client.from('pickup_requests').select('status').eq('pickup_date', day);
    expect(pickups).toEqual([{ status: 'requested' }]);
  });
});
