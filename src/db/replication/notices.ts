/**
 * The words of sync notices: which record (by the names a user knows it by) and what
 * happened to it — a change replaced by a newer one from the server, or a change the
 * server refused and why. Pure text building; lookups of related records are passed in.
 */
import type { SyncedTable } from '../tables/definitions.ts';
import { formatListDate, formatTimeWindow } from '../../lib/format/date.ts';

export type RecordLookup = (table: SyncedTable, id: unknown) => Promise<Record<string, unknown> | null>;

type Doc = Record<string, unknown>;

function text(doc: Doc | null, key: string): string {
  const value = doc?.[key];
  return typeof value === 'string' ? value.trim() : '';
}

function personName(doc: Doc | null): string {
  const name = [text(doc, 'first_name'), text(doc, 'last_name')].filter(Boolean).join(' ');
  return name || text(doc, 'email');
}

function quoted(name: string, fallback: string): string {
  return name ? `“${name}”` : fallback;
}

/** How a record is named in a notice, e.g. `provider “Jane Doe”`. */
export async function describeRecord(table: SyncedTable, doc: Doc, lookup: RecordLookup): Promise<string> {
  const provider = async (): Promise<string> =>
    `provider ${quoted(personName(await lookup('providers', doc.provider_id)), '(unknown)')}`;
  switch (table) {
    case 'providers':
      return `provider ${quoted(personName(doc), '(unnamed)')}`;
    case 'organizations':
      return `organization ${quoted(text(doc, 'legal_name'), '(unnamed)')}`;
    case 'profiles':
      return `the user profile ${quoted(personName(doc), '(unnamed)')}`;
    case 'user_roles':
      return `the ${quoted(text(doc, 'role'), '')} role of ${quoted(personName(await lookup('profiles', doc.user_id)), 'a user')}`;
    case 'provider_organization_memberships': {
      const organization = text(await lookup('organizations', doc.organization_id), 'legal_name');
      return `the membership of ${await provider()} in organization ${quoted(organization, '(unknown)')}`;
    }
    case 'provider_preferences':
      return `the result distribution preferences of ${await provider()}`;
    case 'provider_delegate_approvals': {
      const delegate = personName(await lookup('profiles', doc.delegate_id));
      return `the delegate approval of ${quoted(delegate, 'a user')} for ${await provider()}`;
    }
    case 'pickup_requests': {
      const organization = text(await lookup('organizations', doc.organization_id), 'legal_name');
      const day = text(doc, 'pickup_date');
      const when = [day ? formatListDate(day) : '', formatTimeWindow(text(doc, 'window_start'), text(doc, 'window_end'))].filter(Boolean).join(', ');
      return `the pickup request${when ? ` for ${when}` : ''} of organization ${quoted(organization, '(unknown)')}`;
    }
    case 'alerts':
      return `the alert "${text(doc, 'summary') || 'about a provider'}"`;
    case 'patients':
      return `patient ${quoted(personName(doc), '(unnamed)')}`;
    case 'orders':
      return `order ${quoted(text(doc, 'requisition_number'), '(unnumbered)')}`;
    case 'results':
      return `the ${quoted(text(doc, 'test_name') || text(doc, 'test_code'), '')} result of order ${quoted(text(doc, 'requisition_number'), '(unnumbered)')}`;
  }
}

const FIELD_LABELS: Record<string, string> = {
  npi: 'NPI',
  _deleted: 'deletion',
  pecos_verified: 'PECOS status',
  pecos_verification_date: 'PECOS verification date',
  pecos_verification_data: 'PECOS verification data',
  nppes_verified: 'NPPES status',
  nppes_data: 'registry data (taxonomy, state, license)',
  favorite_reports: 'distribution email addresses',
  in_app_notifications: 'in-app notifications',
  can_view_vip_patients: 'VIP patient viewing',
  dba_name: 'DBA name',
  clia_number: 'CLIA number',
  bill_types: 'bill types',
  courier_schedule: 'pickup schedule',
  contacts: 'contacts',
  closures: 'closures',
  practice_address: 'practice address',
  billing_address: 'billing address',
  authorized_official: 'authorized official',
  primary_taxonomy_code: 'primary taxonomy code',
  primary_taxonomy_description: 'primary taxonomy',
  nppes_verified_at: 'last NPPES refresh',
  lis_delivery: 'laboratory delivery',
  lis_error: 'laboratory error',
  lis_message_id: 'laboratory message',
  report_path: 'report (PDF)',
  abn: 'ABN',
  diagnosis_codes: 'diagnosis codes',
  standing: 'standing order',
  stat: 'STAT',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/_id$/, '').replace(/_/g, ' ');
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** A merge kept the server's value of fields the user had also changed. */
export function conflictNotice(record: string, fields: string[]): string {
  const labels = listOf(fields.map(fieldLabel));
  const noun = fields.length === 1 ? 'change' : 'changes';
  return `${capitalise(record)}: your ${noun} to ${labels} ${fields.length === 1 ? 'was' : 'were'} replaced by a newer change made on the server. Your other changes were kept.`;
}

const REASONS: Record<string, string> = {
  '42501': 'you do not have permission to make this change',
  '23505': 'it would duplicate an existing record',
  '23514': 'a value is not allowed',
  '23503': 'a record it refers to does not exist on the server',
  '23502': 'a required value is missing',
  '22P02': 'a value has the wrong format',
  '22007': 'a date has the wrong format',
  '22023': 'a value is not valid',
  P0002: 'it no longer exists on the server, or you can no longer see it',
};

export function rejectionReason(code: string, message: string): string {
  const reason = REASONS[code];
  if (!reason) return message || `the server refused it (error ${code || 'unknown'})`;
  return message ? `${reason} (${message})` : reason;
}

/** The server refused a change: the record was reset to the server's version or removed. */
export function rejectionNotice(record: string, code: string, message: string, serverHasIt: boolean): string {
  const outcome = serverHasIt
    ? 'It was reset to the version on the server.'
    : 'It was removed from this device because the server has no copy of it.';
  return `Your change to ${record} was refused: ${rejectionReason(code, message)}. ${outcome}`;
}
