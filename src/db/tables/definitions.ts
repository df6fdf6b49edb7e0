/**
 * The synced tables of supabase/migrations, column by column (see columns.ts), with the
 * RxDB collection each one lives in locally and the foreign keys between them. The
 * foreign keys decide the push order (parents before children) and whether a refused
 * child row (23503) is worth retrying: it is while its parent still waits to be pushed.
 * The directory's tables live in the user's database; the protected ones (patient data,
 * docs/data-model.md) in the protected database, opened only with the user's data key
 * (src/db/protected).
 */
import { NEW_UUID, NOW, nullable, required, type ColumnMap, type InputOf, type RowOf } from './columns.ts';

export const organizationColumns = {
  id: required('uuid', NEW_UUID),
  legal_name: required('text'),
  type: required('text'),
  is_active: required('boolean', true),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
  // Issue 24 (20261125200000_organization_accounts.sql).
  dba_name: nullable('text'),
  npi: nullable('text'),
  // Never null on the server (its trigger gives the next free number and client billing to a row without them).
  account_number: nullable('text'),
  bill_types: nullable('text[]'),
  practice_address: nullable('jsonb'),
  billing_address: nullable('jsonb'),
  phone: nullable('text'),
  fax: nullable('text'),
  email: nullable('text'),
  clia_number: nullable('text'),
  notes: nullable('text'),
  nppes_data: nullable('jsonb'),
  nppes_verified_at: nullable('timestamptz'),
  authorized_official: nullable('jsonb'),
  primary_taxonomy_code: nullable('text'),
  primary_taxonomy_description: nullable('text'),
  courier_schedule: nullable('jsonb'),
  closures: nullable('jsonb'),
  pickup_instructions: nullable('text'),
  contacts: nullable('jsonb'),
  deactivated_at: nullable('timestamptz'),
  deactivated_by: nullable('uuid'),
  // Issue 31, favourites in order entry (20261128150001_favorite_tests.sql): compendium codes.
  favorite_tests: nullable('text[]'),
  // Issue 33, OIG LEIE screening of organizations (20261130150000_organization_exclusion_screening.sql); server-written.
  exclusion_status: nullable('text'),
  exclusion_screened_at: nullable('timestamptz'),
  exclusion_list_date: nullable('timestamptz'),
  exclusion_data: nullable('jsonb'),
} as const satisfies ColumnMap;

export const providerColumns = {
  id: required('uuid', NEW_UUID),
  npi: nullable('text'),
  first_name: required('text'),
  last_name: required('text'),
  nickname: nullable('text'),
  credential: nullable('text'),
  email: nullable('text'),
  phone: nullable('text'),
  default_organization_id: nullable('uuid'),
  taxonomy_code: nullable('text'),
  taxonomy_description: nullable('text'),
  is_active: required('boolean', true),
  pecos_verified: required('boolean', false),
  pecos_verification_date: nullable('timestamptz'),
  pecos_verification_data: nullable('jsonb'),
  nppes_verified: required('boolean', false),
  nppes_data: nullable('jsonb'),
  created_by: nullable('uuid'),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
  // Issue 33, OIG LEIE screening (20261127250000_exclusion_screening.sql); server-written.
  exclusion_status: nullable('text'),
  exclusion_screened_at: nullable('timestamptz'),
  exclusion_list_date: nullable('timestamptz'),
  exclusion_data: nullable('jsonb'),
  // Issue 31, favourites in order entry (20261128150001_favorite_tests.sql): compendium codes.
  favorite_tests: nullable('text[]'),
} as const satisfies ColumnMap;

export const profileColumns = {
  id: required('uuid'),
  email: nullable('text'),
  first_name: nullable('text'),
  last_name: nullable('text'),
  professional_title: nullable('text'),
  provider_id: nullable('uuid'),
  last_sign_in: nullable('timestamptz'),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
  deactivated_at: nullable('timestamptz'),
  deactivated_by: nullable('uuid'),
  invited_at: nullable('timestamptz'),
  invited_by: nullable('uuid'),
} as const satisfies ColumnMap;

export const userRoleColumns = {
  id: required('uuid', NEW_UUID),
  user_id: required('uuid'),
  role: required('text'),
  created_at: required('timestamptz', NOW),
} as const satisfies ColumnMap;

export const membershipColumns = {
  id: required('uuid', NEW_UUID),
  provider_id: required('uuid'),
  organization_id: required('uuid'),
  is_active: required('boolean', true),
  assigned_by: nullable('uuid'),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
} as const satisfies ColumnMap;

export const preferenceColumns = {
  id: required('uuid', NEW_UUID),
  provider_id: required('uuid'),
  email_notifications: required('boolean', false),
  fax_notifications: required('boolean', false),
  in_app_notifications: required('boolean', true),
  report_format: required('text', 'summary'),
  fax_number: nullable('text'),
  favorite_reports: required('text[]', []),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
} as const satisfies ColumnMap;

export const delegateColumns = {
  id: required('uuid', NEW_UUID),
  provider_id: required('uuid'),
  delegate_id: required('uuid'),
  approval_type: required('text'),
  can_view_vip_patients: required('boolean', false),
  is_active: required('boolean', true),
  created_at: required('timestamptz', NOW),
  created_by: nullable('uuid'),
  updated_at: required('timestamptz', NOW),
} as const satisfies ColumnMap;

export const pickupRequestColumns = {
  id: required('uuid', NEW_UUID),
  organization_id: required('uuid'),
  pickup_date: required('date'),
  window_start: required('text'),
  window_end: required('text'),
  specimen_count: required('integer'),
  transport_temperature: required('text'),
  note: nullable('text'),
  status: required('text', 'requested'),
  requested_by: nullable('uuid'),
  cancelled_at: nullable('timestamptz'),
  cancelled_by: nullable('uuid'),
  collected_at: nullable('timestamptz'),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
} as const satisfies ColumnMap;

/** Things a person must acknowledge (issue 33); raised by the server, acknowledged by staff. */
export const alertColumns = {
  id: required('uuid', NEW_UUID),
  provider_id: nullable('uuid'),
  organization_id: nullable('uuid'),
  kind: required('text'),
  summary: required('text'),
  details: required('jsonb'),
  raised_at: required('timestamptz', NOW),
  acknowledged_at: nullable('timestamptz'),
  acknowledged_by: nullable('uuid'),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
} as const satisfies ColumnMap;

export const patientColumns = {
  id: required('uuid', NEW_UUID),
  lab_patient_id: required('text'),
  first_name: required('text'),
  middle_name: nullable('text'),
  last_name: required('text'),
  date_of_birth: required('date'),
  sex: required('text'),
  address_line1: nullable('text'),
  address_line2: nullable('text'),
  city: nullable('text'),
  state: nullable('text'),
  postal_code: nullable('text'),
  phone: nullable('text'),
  email: nullable('text'),
  medical_record_numbers: required('jsonb', []),
  coverages: required('jsonb', []),
  is_active: required('boolean', true),
  created_by: nullable('uuid'),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
} as const satisfies ColumnMap;

// Issue 31 (20261126100000_orders.sql): tests, answers, diagnoses and the ABN are JSON columns.
export const orderColumns = {
  id: required('uuid', NEW_UUID),
  requisition_number: required('text'),
  status: required('text', 'draft'),
  cancel_reason: nullable('text'),
  organization_id: required('uuid'),
  provider_id: required('uuid'),
  patient_id: required('uuid'),
  billing: required('text'),
  coverage_rank: nullable('text'),
  tests: required('jsonb', []),
  answers: required('jsonb', []),
  diagnoses: required('jsonb', []),
  collected_at: nullable('timestamptz'),
  collected_by: nullable('text'),
  fasting: nullable('boolean'),
  priority: required('text', 'routine'),
  comments: nullable('text'),
  abn: nullable('jsonb'),
  medicare_check: nullable('jsonb'),
  // The server's to write (private.guard_order): its own Medicare verdict, and submitted_at.
  server_check: nullable('jsonb'),
  reference_versions: nullable('jsonb'),
  submitted_at: nullable('timestamptz'),
  created_by: nullable('uuid'),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
  // Issue 32 (20261127100000_lis_delivery.sql): delivery to the laboratory, written by the
  // server (lis-deliver); lis_resend_at is an admin's "Resend to laboratory".
  lis_delivery: nullable('jsonb'),
  lis_error: nullable('text'),
  lis_resend_at: nullable('timestamptz'),
  // Standing orders (20261128300000_standing_orders.sql): the repeat {every_days, occurrences}
  // the user enters; the series columns are the server's, but standing_stopped_at, which staff
  // write to stop the series (the server stamps the time and standing_stopped_by).
  standing: nullable('jsonb'),
  standing_parent_id: nullable('uuid'),
  standing_occurrence: nullable('integer'),
  standing_stopped_at: nullable('timestamptz'),
  standing_stopped_by: nullable('uuid'),
  standing_error: nullable('text'),
} as const satisfies ColumnMap;

// Issue 32 (20261127150000_results.sql): one row per resulted test of an order, written by the
// server only (lis-inbound); a user signs it off or marks it seen (the server stamps who/when).
export const resultColumns = {
  id: required('uuid', NEW_UUID),
  order_id: required('uuid'),
  patient_id: required('uuid'),
  provider_id: required('uuid'),
  organization_id: required('uuid'),
  requisition_number: required('text'),
  filler_order_number: nullable('text'),
  test_code: required('text'),
  test_name: required('text', ''),
  status: required('text'),
  observations: required('jsonb', []),
  abnormal: required('boolean', false),
  critical: required('boolean', false),
  comments: required('jsonb', []),
  collected_at: nullable('timestamptz'),
  resulted_at: nullable('timestamptz'),
  received_at: required('timestamptz', NOW),
  report_path: nullable('text'),
  control_id: nullable('text'),
  reviewed_at: nullable('timestamptz'),
  reviewed_by: nullable('uuid'),
  seen_at: nullable('timestamptz'),
  seen_by: nullable('uuid'),
  created_at: required('timestamptz', NOW),
  updated_at: required('timestamptz', NOW),
} as const satisfies ColumnMap;

/** Server table name → columns. */
export const TABLE_COLUMNS = {
  organizations: organizationColumns,
  providers: providerColumns,
  profiles: profileColumns,
  user_roles: userRoleColumns,
  provider_organization_memberships: membershipColumns,
  provider_preferences: preferenceColumns,
  provider_delegate_approvals: delegateColumns,
  pickup_requests: pickupRequestColumns,
  alerts: alertColumns,
  patients: patientColumns,
  orders: orderColumns,
  results: resultColumns,
} as const;

export type SyncedTable = keyof typeof TABLE_COLUMNS;

/** Server table → local RxDB collection name (RxDB names: lowercase, no leading underscore). */
export const COLLECTION_OF = {
  organizations: 'organizations',
  providers: 'providers',
  profiles: 'profiles',
  user_roles: 'user_roles',
  provider_organization_memberships: 'memberships',
  provider_preferences: 'preferences',
  provider_delegate_approvals: 'delegates',
  pickup_requests: 'pickup_requests',
  alerts: 'alerts',
  patients: 'patients',
  orders: 'orders',
  results: 'results',
} as const satisfies Record<SyncedTable, string>;

export type SyncedCollectionName = (typeof COLLECTION_OF)[SyncedTable];

/** Foreign keys: column → referenced table (all reference the parent's id). */
export const REFERENCES: { readonly [T in SyncedTable]: Readonly<Partial<Record<keyof (typeof TABLE_COLUMNS)[T], SyncedTable>>> } = {
  // deactivated_by is the server's to set (never a parent a push waits for).
  organizations: {},
  providers: { default_organization_id: 'organizations' },
  profiles: { provider_id: 'providers', deactivated_by: 'profiles', invited_by: 'profiles' },
  user_roles: { user_id: 'profiles' },
  provider_organization_memberships: {
    provider_id: 'providers',
    organization_id: 'organizations',
    assigned_by: 'profiles',
  },
  provider_preferences: { provider_id: 'providers' },
  provider_delegate_approvals: { provider_id: 'providers', delegate_id: 'profiles', created_by: 'profiles' },
  pickup_requests: { organization_id: 'organizations', requested_by: 'profiles', cancelled_by: 'profiles' },
  // acknowledged_by is the server's to set.
  alerts: { provider_id: 'providers', organization_id: 'organizations' },
  patients: { created_by: 'profiles' },
  orders: { organization_id: 'organizations', provider_id: 'providers', patient_id: 'patients', created_by: 'profiles' },
  // Written by the server only; reviewed_by/seen_by are the server's to stamp.
  results: { order_id: 'orders', patient_id: 'patients', provider_id: 'providers', organization_id: 'organizations' },
};

/** Every synced table, parents before children: the order replications start and push in. */
export const SYNC_ORDER: readonly SyncedTable[] = [
  'organizations',
  'providers',
  'profiles',
  'user_roles',
  'provider_organization_memberships',
  'provider_preferences',
  'provider_delegate_approvals',
  'pickup_requests',
  'alerts',
  'patients',
  'orders',
  'results',
];

/**
 * The tables whose rows carry protected health information: they live in the protected
 * database (src/db/protected), encrypted at rest, opened after the password is entered.
 */
export const PROTECTED_TABLES: readonly SyncedTable[] = ['patients', 'orders', 'results'];

/** The tables of the user's own database (the directory): every synced table but the protected ones. */
export const DIRECTORY_TABLES: readonly SyncedTable[] = SYNC_ORDER.filter((table) => !PROTECTED_TABLES.includes(table));

export function isProtectedTable(table: SyncedTable): boolean {
  return PROTECTED_TABLES.includes(table);
}

/** The tables a table references, directly. */
export function parentTables(table: SyncedTable): SyncedTable[] {
  return [...new Set(Object.values(REFERENCES[table]) as SyncedTable[])];
}

/** Columns whose values never change what a user meant (bookkeeping), merged specially. */
export const BOOKKEEPING_COLUMNS: ReadonlySet<string> = new Set(['updated_at']);

export type OrganizationRow = RowOf<typeof organizationColumns>;
export type ProviderRow = RowOf<typeof providerColumns>;
export type ProfileRow = RowOf<typeof profileColumns>;
export type UserRoleRow = RowOf<typeof userRoleColumns>;
export type MembershipRow = RowOf<typeof membershipColumns>;
export type PreferenceRow = RowOf<typeof preferenceColumns>;
export type DelegateRow = RowOf<typeof delegateColumns>;
export type PickupRequestRow = RowOf<typeof pickupRequestColumns>;
export type AlertRow = RowOf<typeof alertColumns>;
export type PatientRow = RowOf<typeof patientColumns>;
export type OrderRow = RowOf<typeof orderColumns>;
export type ResultRow = RowOf<typeof resultColumns>;

export type OrganizationInput = InputOf<typeof organizationColumns>;
export type ProviderInput = InputOf<typeof providerColumns>;
export type ProfileInput = InputOf<typeof profileColumns>;
export type UserRoleInput = InputOf<typeof userRoleColumns>;
export type MembershipInput = InputOf<typeof membershipColumns>;
export type PreferenceInput = InputOf<typeof preferenceColumns>;
export type DelegateInput = InputOf<typeof delegateColumns>;
export type PickupRequestInput = InputOf<typeof pickupRequestColumns>;
export type AlertInput = InputOf<typeof alertColumns>;
export type PatientInput = InputOf<typeof patientColumns>;
export type OrderInput = InputOf<typeof orderColumns>;
export type ResultInput = InputOf<typeof resultColumns>;

/** What a caller gives to create a record of each table (columns with defaults are optional). */
export interface InputOfTable {
  organizations: OrganizationInput;
  providers: ProviderInput;
  profiles: ProfileInput;
  user_roles: UserRoleInput;
  provider_organization_memberships: MembershipInput;
  provider_preferences: PreferenceInput;
  provider_delegate_approvals: DelegateInput;
  pickup_requests: PickupRequestInput;
  alerts: AlertInput;
  patients: PatientInput;
  orders: OrderInput;
  results: ResultInput;
}
