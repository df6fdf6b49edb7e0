/**
 * One row of the audit trail as the timeline reads it from the Data API (`audit_log`,
 * migration 20261121000003 and later): who changed which record how, with the changed
 * fields ({"field": {"old", "new"}}) of an update and the whole row of an insert or delete.
 */

export interface AuditEntry {
  id: number;
  table_name: string;
  row_id: string;
  action: AuditAction;
  changed_by: string | null;
  changed_at: string;
  changed_fields: Record<string, { old: unknown; new: unknown }> | null;
  row_data: Record<string, unknown> | null;
}

export const AUDIT_COLUMNS = 'id, table_name, row_id, action, changed_by, changed_at, changed_fields, row_data';

/** The kinds of record the timeline can be filtered by (audit_log.table_name). */
export const AUDITED_TABLES = [
  'providers',
  'organizations',
  'provider_organization_memberships',
  'provider_preferences',
  'provider_delegate_approvals',
  'profiles',
  'user_roles',
  'pickup_requests',
  'patients',
  'orders',
  'results',
  'app_settings',
] as const;

export const RECORD_KIND_LABELS: Readonly<Record<string, string>> = {
  providers: 'Provider',
  organizations: 'Organization',
  provider_organization_memberships: 'Membership',
  provider_preferences: 'Result preferences',
  provider_delegate_approvals: 'Delegate',
  profiles: 'User account',
  user_roles: 'Role',
  pickup_requests: 'Pickup request',
  patients: 'Patient',
  orders: 'Order',
  results: 'Result',
  app_settings: 'Access settings',
};

/** 'distribute': a result sent to a recipient by email, fax or in the app (issue 32). */
export const AUDIT_ACTIONS = ['insert', 'update', 'delete', 'open', 'print', 'distribute'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The tables whose rows are patient data (PHI): a patient, an order for one, a result. */
const PATIENT_TABLES: ReadonlySet<string> = new Set(['patients', 'orders', 'results']);
/** What was done to a patient's record: opened, printed, a result sent. */
const PATIENT_ACTIONS: ReadonlySet<AuditAction> = new Set(['open', 'print', 'distribute']);

/**
 * True when the entry is patient data (issue 43): a change of a patient, order or result
 * (its `row_data` is the record) or an opening, print or distribution of one. The device
 * keeps such entries only sealed (src/db/audit-cache.ts).
 */
export function isPatientAuditEntry(entry: Pick<AuditEntry, 'table_name' | 'action'>): boolean {
  return PATIENT_TABLES.has(entry.table_name) || PATIENT_ACTIONS.has(entry.action);
}
