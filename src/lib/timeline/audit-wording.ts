/**
 * The audit trail in words a person reads (issue 27): "Credential: MD → DO", "PECOS
 * verified: Enrolled in PECOS", "Invited", "Role granted: admin", "Deactivated". Pure, so
 * every wording is unit-tested; the feed adds who and when.
 */
import { fieldLabel } from '../../db/replication/notices.ts';
import type { AuditEntry } from './audit-entry.ts';
import { describeDistribution } from './distribution-wording.ts';
import { formatListDate } from '../format/date.ts';

export interface AuditWording {
  /** What happened, e.g. 'Provider changed', 'PECOS verification', 'Role granted: admin'. */
  title: string;
  /** One line per changed field, e.g. 'Credential: MD → DO'. */
  changes: string[];
  /** For the icon and colour. */
  tone: 'create' | 'change' | 'verify' | 'access' | 'remove';
}

/** Bookkeeping fields no person changed: never shown. */
const HIDDEN_FIELDS = new Set(['updated_at', 'created_at', '_modified', 'sort_name', 'search_text', 'npi_key']);
/** Fields whose values are documents: the line says they changed, not what they hold. */
const DOCUMENT_FIELDS = new Set(['nppes_data', 'pecos_verification_data', 'practice_address', 'billing_address', 'courier_schedule', 'closures', 'contacts', 'authorized_official', 'medical_record_numbers', 'coverages']);
const VERIFICATION_FIELDS = new Set(['pecos_verified', 'pecos_verification_date', 'pecos_verification_data']);

const NOUNS: Readonly<Record<string, string>> = {
  providers: 'Provider',
  organizations: 'Organization',
  provider_organization_memberships: 'Organization membership',
  provider_preferences: 'Result preferences',
  provider_delegate_approvals: 'Delegate approval',
  profiles: 'User account',
  user_roles: 'Role',
  pickup_requests: 'Pickup request',
  patients: 'Patient record',
  orders: 'Order',
  results: 'Result',
  app_settings: 'Access settings',
};

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** A value as a person reads it: '(empty)', 'Yes'/'No', a date, a list, or the text. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatListDate(value);
    return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.every((item) => typeof item === 'string') ? value.join(', ') : `${value.length} items`;
  return '(details)';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isDocument = (value: unknown) => typeof value === 'object' && value !== null && !(Array.isArray(value) && value.every((item) => typeof item === 'string'));
const isReference = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && UUID.test(value));

/**
 * One line per field changed: 'Credential: MD → DO'. A document (an object, a list of
 * objects) or a stored file's path says only that it changed; a reference to another
 * record says that it changed, not its id; "… by" a user is left out (the entry says by whom).
 */
export function changeLines(fields: AuditEntry['changed_fields']): string[] {
  if (!fields) return [];
  const lines: string[] = [];
  for (const [field, change] of Object.entries(fields)) {
    if (HIDDEN_FIELDS.has(field) || field === '_deleted') continue;
    const label = capitalise(fieldLabel(field));
    const references = isReference(change?.old) && isReference(change?.new);
    if (references && field.endsWith('_by')) continue;
    if (DOCUMENT_FIELDS.has(field) || field.endsWith('_path') || isDocument(change?.old) || isDocument(change?.new)) lines.push(`${label} updated`);
    else if (references && (change?.old || change?.new)) lines.push(`${label} changed`);
    else lines.push(`${label}: ${valueText(change?.old)} → ${valueText(change?.new)}`);
  }
  return lines;
}

function newValue(entry: AuditEntry, field: string): unknown {
  return entry.changed_fields?.[field]?.new;
}

function changed(entry: AuditEntry, field: string): boolean {
  return entry.changed_fields !== null && field in entry.changed_fields;
}

const PRINTED: Readonly<Record<string, string>> = {
  printed_requisition: 'Requisition printed',
  printed_labels: 'Specimen labels printed',
  printed_abn: 'ABN printed',
};

/** The file an attach or download row names (its name within the order or result). */
function fileLines(row: Record<string, unknown>): string[] {
  const path = typeof row.path === 'string' ? row.path : '';
  return path ? [`File: ${path.slice(path.indexOf('/') + 1)}`] : [];
}

/** The words of an audit row. */
export function describeAuditEntry(entry: AuditEntry): AuditWording {
  const noun = NOUNS[entry.table_name] ?? capitalise(fieldLabel(entry.table_name));
  const row = entry.row_data ?? {};
  if (entry.action === 'delete') return { title: `${noun} deleted`, changes: [], tone: 'remove' };
  // An opening of a protected record (record_openings): who saw it and when, nothing changed.
  if (entry.action === 'open') return { title: `${noun} opened`, changes: [], tone: 'access' };
  // A print of an order's documents (record_openings with an action): what was printed.
  if (entry.action === 'print') return { title: PRINTED[String(row.printed)] ?? `${noun} printed`, changes: [], tone: 'access' };
  // A result sent to its recipients (result distribution): by which channel, to whom, and how it went.
  if (entry.action === 'distribute') return describeDistribution(row);
  // A file of patient data uploaded or downloaded (protected-files): which one.
  if (entry.action === 'attach') return { title: row.replaced === true ? 'Attached file replaced' : 'File attached', changes: fileLines(row), tone: 'create' };
  if (entry.action === 'download') return { title: entry.table_name === 'results' ? 'Report downloaded' : 'Attached file downloaded', changes: fileLines(row), tone: 'access' };

  if (entry.table_name === 'user_roles') {
    const role = String(entry.action === 'insert' ? row.role : (entry.changed_fields?.role?.new ?? row.role ?? 'role'));
    if (entry.action === 'insert') return { title: `Role granted: ${role}`, changes: [], tone: 'access' };
    if (changed(entry, '_deleted')) return { title: newValue(entry, '_deleted') === true ? 'Role revoked' : 'Role restored', changes: changeLines(entry.changed_fields), tone: 'access' };
    return { title: 'Role changed', changes: changeLines(entry.changed_fields), tone: 'access' };
  }

  if (entry.action === 'insert') {
    if (entry.table_name === 'profiles') return { title: row.invited_by ? 'Invited' : 'Account created', changes: [], tone: 'access' };
    if (entry.table_name === 'patients') return { title: 'Patient record added', changes: [], tone: 'create' };
    return { title: `${noun} added`, changes: [], tone: 'create' };
  }

  // Updates.
  const changes = changeLines(entry.changed_fields);
  if (changed(entry, '_deleted')) return { title: newValue(entry, '_deleted') === true ? `${noun} deleted` : `${noun} restored`, changes: [], tone: 'remove' };
  if (changed(entry, 'deactivated_at')) {
    const deactivated = newValue(entry, 'deactivated_at') !== null && newValue(entry, 'deactivated_at') !== undefined;
    return { title: deactivated ? `${noun} deactivated` : `${noun} reactivated`, changes: changes.filter((line) => !/^Deactivated /.test(line)), tone: deactivated ? 'remove' : 'access' };
  }
  if (entry.table_name === 'profiles' && changed(entry, 'invited_at')) return { title: 'Invitation sent again', changes: [], tone: 'access' };
  const fields = Object.keys(entry.changed_fields ?? {}).filter((field) => !HIDDEN_FIELDS.has(field));
  if (fields.length > 0 && fields.every((field) => VERIFICATION_FIELDS.has(field))) {
    const enrolled = entry.changed_fields?.pecos_verified ? newValue(entry, 'pecos_verified') === true : null;
    const title = enrolled === null ? 'PECOS verification' : `PECOS verification: ${enrolled ? 'enrolled' : 'not enrolled'}`;
    return { title, changes, tone: 'verify' };
  }
  if (fields.length > 0 && fields.every((field) => field === 'nppes_data' || field === 'nppes_verified' || field === 'nppes_verified_at')) {
    return { title: 'NPPES registry data refreshed', changes, tone: 'verify' };
  }
  if (entry.table_name === 'profiles' && fields.length === 1 && fields[0] === 'last_sign_in') return { title: 'Signed in', changes: [], tone: 'access' };
  return { title: `${noun} changed`, changes, tone: 'change' };
}
