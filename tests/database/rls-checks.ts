/**
 * The row-level security checks the database tests run on PGlite and on PostgreSQL alike:
 * who may read and write what, stated as SQL run under each caller's role and claims,
 * with the outcome expected (rows, a number of rows, or a refusal's SQLSTATE). The
 * fixtures are the same rows on both databases. Add a check here when a migration adds
 * a table or a policy: both databases then answer it.
 */
import type { Claims } from './databases.ts';

export const ID = {
  staff: '0d000000-0000-4000-8000-000000000001',
  admin: '0d000000-0000-4000-8000-000000000002',
  providerUser: '0d000000-0000-4000-8000-000000000003',
  org: '0d000000-0000-4000-8000-000000000010',
  own: '0d000000-0000-4000-8000-000000000011',
  other: '0d000000-0000-4000-8000-000000000012',
  ownMembership: '0d000000-0000-4000-8000-000000000021',
  otherMembership: '0d000000-0000-4000-8000-000000000022',
  ownPreferences: '0d000000-0000-4000-8000-000000000031',
  otherPreferences: '0d000000-0000-4000-8000-000000000032',
  ownApproval: '0d000000-0000-4000-8000-000000000041',
  otherApproval: '0d000000-0000-4000-8000-000000000042',
  ownAlert: '0d000000-0000-4000-8000-000000000051',
  otherAlert: '0d000000-0000-4000-8000-000000000052',
  ownPatient: '0d000000-0000-4000-8000-000000000061',
  otherPatient: '0d000000-0000-4000-8000-000000000062',
  ownOrder: '0d000000-0000-4000-8000-000000000071',
} as const;

export const FIXTURES = `
insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at) values
  ('${ID.staff}', 'authenticated', 'authenticated', 'rls-staff@db.test', '{}', '{"first_name":"Sam"}', now(), now()),
  ('${ID.admin}', 'authenticated', 'authenticated', 'rls-admin@db.test', '{}', '{}', now(), now()),
  ('${ID.providerUser}', 'authenticated', 'authenticated', 'rls-provider@db.test', '{}', '{}', now(), now());
insert into public.organizations (id, legal_name, type) values ('${ID.org}', 'RLS Check Clinic', 'non_healthcare');
insert into public.providers (id, first_name, last_name) values
  ('${ID.own}', 'Own', 'Provider'), ('${ID.other}', 'Other', 'Provider');
update public.profiles set provider_id = '${ID.own}' where id = '${ID.providerUser}';
insert into public.user_roles (user_id, role) values
  ('${ID.staff}', 'staff'), ('${ID.admin}', 'admin'), ('${ID.providerUser}', 'provider');
insert into public.provider_organization_memberships (id, provider_id, organization_id) values
  ('${ID.ownMembership}', '${ID.own}', '${ID.org}'), ('${ID.otherMembership}', '${ID.other}', '${ID.org}');
insert into public.provider_preferences (id, provider_id) values
  ('${ID.ownPreferences}', '${ID.own}'), ('${ID.otherPreferences}', '${ID.other}');
insert into public.alerts (id, provider_id, kind, summary, details) values
  ('${ID.ownAlert}', '${ID.own}', 'pecos_lost', 'Medicare enrollment lost.', '{}'), ('${ID.otherAlert}', '${ID.other}', 'part_b_lost', 'Part B ordering lost.', '{}');
insert into public.provider_reverifications (provider_id, checked_at, snapshot) values ('${ID.own}', now(), '{}');
insert into public.provider_delegate_approvals (id, provider_id, delegate_id, approval_type) values
  ('${ID.ownApproval}', '${ID.own}', '${ID.staff}', 'both'), ('${ID.otherApproval}', '${ID.other}', '${ID.staff}', 'order');
insert into public.patients (id, lab_patient_id, first_name, last_name, date_of_birth, sex) values
  ('${ID.ownPatient}', 'P-1-0001', 'Own', 'Patient', '1950-01-02', 'female'), ('${ID.otherPatient}', 'P-1-0002', 'Other', 'Patient', '1951-02-03', 'male');
insert into public.orders (id, requisition_number, status, organization_id, provider_id, patient_id, billing) values
  ('${ID.ownOrder}', 'R-1-0001', 'draft', '${ID.org}', '${ID.own}', '${ID.ownPatient}', 'client');
`;

export type Who = 'anon' | 'service' | 'staff' | 'admin' | 'provider';

export function claimsOf(who: Who): Claims {
  switch (who) {
    case 'anon':
      return { role: 'anon' };
    case 'service':
      return { role: 'service_role' };
    case 'staff':
      return { role: 'authenticated', sub: ID.staff, aud: 'authenticated' };
    case 'admin':
      return { role: 'authenticated', sub: ID.admin, aud: 'authenticated' };
    case 'provider':
      return { role: 'authenticated', sub: ID.providerUser, aud: 'authenticated' };
  }
}

export type Expected = { rows: unknown[] } | { refused: string };

export interface RlsCheck {
  who: Who;
  what: string;
  sql: string;
  expect: Expected;
}

const ids = (...values: string[]) => values.map((value) => `'${value}'`).join(', ');
const everyTable = ['organizations', 'providers', 'profiles', 'user_roles', 'provider_organization_memberships',
  'provider_preferences', 'provider_delegate_approvals', 'audit_log', 'function_idempotency', 'pickup_requests', 'alerts',
  'provider_reverifications', 'leie_releases', 'leie_entries', 'exclusion_matches'];
const pushOrganization = `select public.sync_push('organizations', jsonb_build_array(jsonb_build_object(
  'new', jsonb_build_object('id', gen_random_uuid(), 'legal_name', 'Pushed Clinic', 'type', 'non_healthcare'), 'assumed', null))) as result`;

export const RLS_CHECKS: RlsCheck[] = [
  ...everyTable.map((table): RlsCheck => ({ who: 'anon', what: `cannot read ${table}`, sql: `select 1 from public.${table} limit 1`, expect: { refused: '42501' } })),
  { who: 'anon', what: 'cannot insert an organization', sql: `insert into public.organizations (legal_name, type) values ('X', 'non_healthcare')`, expect: { refused: '42501' } },
  { who: 'anon', what: 'cannot call sync_push', sql: pushOrganization, expect: { refused: '42501' } },

  { who: 'staff', what: 'reads both providers', sql: `select id from public.providers where id in (${ids(ID.own, ID.other)}) order by id`, expect: { rows: [{ id: ID.own }, { id: ID.other }] } },
  { who: 'staff', what: 'reads memberships, preferences and delegates of every provider',
    sql: `select ((select count(*) from public.provider_organization_memberships where id in (${ids(ID.ownMembership, ID.otherMembership)}))
           + (select count(*) from public.provider_preferences where id in (${ids(ID.ownPreferences, ID.otherPreferences)}))
           + (select count(*) from public.provider_delegate_approvals where id in (${ids(ID.ownApproval, ID.otherApproval)})))::int as n`,
    expect: { rows: [{ n: 6 }] } },
  { who: 'staff', what: 'adds an organization', sql: `insert into public.organizations (legal_name, type) values ('Staff Clinic', 'non_healthcare') returning legal_name`, expect: { rows: [{ legal_name: 'Staff Clinic' }] } },
  { who: 'staff', what: 'edits a provider', sql: `update public.providers set credential = 'M.D.' where id = '${ID.other}' returning credential`, expect: { rows: [{ credential: 'M.D.' }] } },
  { who: 'staff', what: 'never hard-deletes a provider', sql: `delete from public.providers where id = '${ID.other}'`, expect: { refused: '42501' } },
  { who: 'staff', what: 'cannot grant a role', sql: `insert into public.user_roles (user_id, role) values ('${ID.providerUser}', 'admin')`, expect: { refused: '42501' } },
  { who: 'staff', what: 'edits their own name', sql: `update public.profiles set first_name = 'Samantha' where id = '${ID.staff}' returning first_name`, expect: { rows: [{ first_name: 'Samantha' }] } },
  { who: 'staff', what: 'cannot link their profile to a provider', sql: `update public.profiles set provider_id = '${ID.other}' where id = '${ID.staff}'`, expect: { refused: '42501' } },
  { who: 'staff', what: 'cannot edit another profile', sql: `update public.profiles set first_name = 'X' where id = '${ID.admin}' returning id`, expect: { rows: [] } },
  { who: 'staff', what: 'cannot write the audit log', sql: `insert into public.audit_log (table_name, row_id, action) values ('providers', '${ID.own}', 'delete')`, expect: { refused: '42501' } },
  { who: 'staff', what: 'cannot read idempotency records', sql: `select 1 from public.function_idempotency`, expect: { refused: '42501' } },
  { who: 'staff', what: 'pushes through sync_push', sql: pushOrganization, expect: { rows: [{ result: { conflicts: [], rejected: [] } }] } },

  { who: 'admin', what: 'grants a role to another user', sql: `insert into public.user_roles (user_id, role) values ('${ID.staff}', 'admin') returning role`, expect: { rows: [{ role: 'admin' }] } },
  { who: 'admin', what: 'never grants a role to themselves', sql: `insert into public.user_roles (user_id, role) values ('${ID.admin}', 'provider')`, expect: { refused: '42501' } },
  { who: 'admin', what: 'links a provider to another profile', sql: `update public.profiles set provider_id = '${ID.other}' where id = '${ID.staff}' returning provider_id`, expect: { rows: [{ provider_id: ID.other }] } },

  { who: 'provider', what: 'reads only their own provider record', sql: `select id from public.providers where id in (${ids(ID.own, ID.other)})`, expect: { rows: [{ id: ID.own }] } },
  { who: 'provider', what: 'reads only their own preferences', sql: `select id from public.provider_preferences where id in (${ids(ID.ownPreferences, ID.otherPreferences)})`, expect: { rows: [{ id: ID.ownPreferences }] } },
  { who: 'provider', what: 'reads only their own delegates', sql: `select id from public.provider_delegate_approvals where id in (${ids(ID.ownApproval, ID.otherApproval)})`, expect: { rows: [{ id: ID.ownApproval }] } },
  { who: 'provider', what: 'sees no organization', sql: `select id from public.organizations where id = '${ID.org}'`, expect: { rows: [] } },
  { who: 'provider', what: 'sees no pickup request', sql: `select id from public.pickup_requests`, expect: { rows: [] } },
  {
    who: 'provider',
    what: 'cannot ask for a pickup',
    sql: `insert into public.pickup_requests (organization_id, pickup_date, window_start, window_end, specimen_count, transport_temperature) values ('${ID.org}', '2030-01-02', '09:00', '10:00', 3, 'ambient')`,
    expect: { refused: '42501' },
  },
  {
    who: 'staff',
    what: 'asks for a pickup',
    sql: `insert into public.pickup_requests (organization_id, pickup_date, window_start, window_end, specimen_count, transport_temperature) values ('${ID.org}', '2030-01-02', '09:00', '10:00', 3, 'ambient') returning status`,
    expect: { rows: [{ status: 'requested' }] },
  },
  { who: 'provider', what: 'reads only their own alerts', sql: `select id from public.alerts where id in (${ids(ID.ownAlert, ID.otherAlert)})`, expect: { rows: [{ id: ID.ownAlert }] } },
  { who: 'provider', what: 'cannot acknowledge their own alert', sql: `update public.alerts set acknowledged_at = now() where id = '${ID.ownAlert}' returning id`, expect: { rows: [] } },
  { who: 'staff', what: 'reads every alert', sql: `select count(*)::int as n from public.alerts where id in (${ids(ID.ownAlert, ID.otherAlert)})`, expect: { rows: [{ n: 2 }] } },
  { who: 'staff', what: 'cannot raise an alert', sql: `insert into public.alerts (provider_id, kind, summary, details) values ('${ID.own}', 'pecos_gained', 'x', '{}')`, expect: { refused: '42501' } },
  { who: 'staff', what: 'cannot delete an alert', sql: `delete from public.alerts where id = '${ID.otherAlert}'`, expect: { refused: '42501' } },
  { who: 'staff', what: 'cannot rewrite an alert', sql: `update public.alerts set summary = 'nothing' where id = '${ID.otherAlert}'`, expect: { refused: '23514' } },
  { who: 'staff', what: 'acknowledges an alert, stamped as theirs', sql: `update public.alerts set acknowledged_at = '2000-01-01' where id = '${ID.otherAlert}' returning acknowledged_by, acknowledged_at > '2001-01-01' as stamped_now`, expect: { rows: [{ acknowledged_by: ID.staff, stamped_now: true }] } },
  { who: 'staff', what: 'cannot read the re-verification state', sql: `select 1 from public.provider_reverifications`, expect: { refused: '42501' } },
  ...['leie_releases', 'leie_entries', 'exclusion_matches'].map((table): RlsCheck => ({ who: 'staff', what: `cannot read ${table} (server-only screening state)`, sql: `select 1 from public.${table}`, expect: { refused: '42501' } })),
  { who: 'staff', what: 'cannot set a provider\'s exclusion screening', sql: `update public.providers set exclusion_status = 'clear', exclusion_screened_at = now() where id = '${ID.other}' returning exclusion_status, exclusion_screened_at`, expect: { rows: [{ exclusion_status: null, exclusion_screened_at: null }] } },
  { who: 'provider', what: 'sees no membership', sql: `select id from public.provider_organization_memberships where id in (${ids(ID.ownMembership, ID.otherMembership)})`, expect: { rows: [] } },
  { who: 'provider', what: 'cannot edit their provider record', sql: `update public.providers set first_name = 'X' where id = '${ID.own}' returning id`, expect: { rows: [] } },
  { who: 'provider', what: 'edits their own preferences', sql: `update public.provider_preferences set fax_notifications = true where id = '${ID.ownPreferences}' returning fax_notifications`, expect: { rows: [{ fax_notifications: true }] } },
  { who: 'provider', what: 'cannot edit another provider\'s preferences', sql: `update public.provider_preferences set fax_notifications = true where id = '${ID.otherPreferences}' returning id`, expect: { rows: [] } },
  { who: 'provider', what: 'cannot add a provider', sql: `insert into public.providers (first_name, last_name) values ('A', 'B')`, expect: { refused: '42501' } },

  // Patient data leaves only through sync_pull (20261205100002): the table API reads none of it.
  ...(['staff', 'admin', 'provider'] as const).map((who): RlsCheck => ({ who, what: 'reads no patient, order or result through the table API', sql: `select ((select count(*) from public.patients) + (select count(*) from public.orders) + (select count(*) from public.results))::int as n`, expect: { rows: [{ n: 0 }] } })),
  { who: 'staff', what: 'pulls every patient through sync_pull', sql: `select jsonb_path_query_array(public.sync_pull('patients', null, 1000, array[${ids(ID.ownPatient, ID.otherPatient)}]::uuid[]), '$.rows[*].id') as ids`, expect: { rows: [{ ids: [ID.ownPatient, ID.otherPatient] }] } },
  { who: 'provider', what: 'pulls only the patient of their own order', sql: `select jsonb_path_query_array(public.sync_pull('patients', null, 1000, array[${ids(ID.ownPatient, ID.otherPatient)}]::uuid[]), '$.rows[*].id') as ids`, expect: { rows: [{ ids: [ID.ownPatient] }] } },
  { who: 'provider', what: 'pulls their own order from the start', sql: `select jsonb_path_query_array(public.sync_pull('orders', null, 10), '$.rows[*].id') as ids`, expect: { rows: [{ ids: [ID.ownOrder] }] } },
  { who: 'staff', what: 'cannot pull a directory table through sync_pull', sql: `select public.sync_pull('providers', null, 10)`, expect: { refused: '22023' } },
  { who: 'anon', what: 'cannot call sync_pull', sql: `select public.sync_pull('patients', null, 10)`, expect: { refused: '42501' } },
  { who: 'staff', what: 'cannot read the read log', sql: `select count(*)::int as n from public.read_log`, expect: { rows: [{ n: 0 }] } },
  { who: 'admin', what: 'cannot write the read log', sql: `insert into public.read_log (read_by, via, table_name, row_ids, patient_ids) values ('${ID.admin}', 'sync_pull', 'patients', array['${ID.ownPatient}']::uuid[], '{}')`, expect: { refused: '42501' } },
  { who: 'staff', what: 'cannot read the result queue\'s patient names through the table API', sql: `select patient_name from public.result_inbox_errors limit 1`, expect: { refused: '42501' } },
  { who: 'staff', what: 'counts the result queue through the table API', sql: `select count(*) >= 0 as counted from public.result_inbox_errors where status = 'open'`, expect: { rows: [{ counted: true }] } },
  { who: 'provider', what: 'cannot read the result queue', sql: `select * from public.result_queue(true, 10)`, expect: { refused: '42501' } },
  { who: 'provider', what: 'reads the hints that something changed', sql: `select count(*) > 0 as some from public.sync_hints`, expect: { rows: [{ some: true }] } },

  { who: 'service', what: 'reads every fixture provider', sql: `select count(*)::int as n from public.providers where id in (${ids(ID.own, ID.other)})`, expect: { rows: [{ n: 2 }] } },
  { who: 'service', what: 'cannot delete audit rows either', sql: `delete from public.audit_log where row_id = '${ID.own}'`, expect: { refused: '42501' } },
  { who: 'service', what: 'cannot call sync_push (a user\'s push only)', sql: pushOrganization, expect: { refused: '42501' } },
];
