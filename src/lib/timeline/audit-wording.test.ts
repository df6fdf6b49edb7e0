import { describe, expect, it } from 'vitest';
import type { AuditEntry } from './audit-entry.ts';
import { matchesAuditFilters, NO_AUDIT_FILTERS } from './audit-query.ts';
import { changeLines, describeAuditEntry, valueText } from './audit-wording.ts';

function entry(fields: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    table_name: 'providers',
    row_id: '00000000-0000-4000-8000-000000000001',
    action: 'update',
    changed_by: null,
    changed_at: '2026-11-25T15:00:00Z',
    changed_fields: null,
    row_data: null,
    ...fields,
  };
}

describe('audit wording', () => {
  it('says who opened a protected record, with no change lines', () => {
    expect(describeAuditEntry(entry({ table_name: 'patients', action: 'open', row_data: { patient_id: 'p' } }))).toEqual({ title: 'Patient record opened', changes: [], tone: 'access' });
    expect(describeAuditEntry(entry({ table_name: 'orders', action: 'open' })).title).toBe('Order opened');
  });

  it('says what of an order was printed', () => {
    expect(describeAuditEntry(entry({ table_name: 'orders', action: 'print', row_data: { patient_id: 'p', printed: 'printed_requisition' } }))).toEqual({
      title: 'Requisition printed', changes: [], tone: 'access',
    });
    expect(describeAuditEntry(entry({ table_name: 'orders', action: 'print', row_data: { printed: 'printed_labels' } })).title).toBe('Specimen labels printed');
    expect(describeAuditEntry(entry({ table_name: 'patients', action: 'print', row_data: { printed: 'printed_abn' } })).title).toBe('ABN printed');
  });

  it('says which file of patient data was attached or downloaded', () => {
    expect(describeAuditEntry(entry({ table_name: 'orders', action: 'attach', row_data: { path: 'o-1/abn-signed-1.pdf', replaced: false } }))).toEqual({
      title: 'File attached', changes: ['File: abn-signed-1.pdf'], tone: 'create',
    });
    expect(describeAuditEntry(entry({ table_name: 'orders', action: 'attach', row_data: { path: 'o-1/abn.pdf', replaced: true } })).title).toBe('Attached file replaced');
    expect(describeAuditEntry(entry({ table_name: 'orders', action: 'download', row_data: { path: 'o-1/abn.pdf' } })).title).toBe('Attached file downloaded');
    expect(describeAuditEntry(entry({ table_name: 'results', action: 'download', row_data: { path: 'o-1/r-1.pdf' } }))).toEqual({ title: 'Report downloaded', changes: ['File: r-1.pdf'], tone: 'access' });
  });

  it('says how a result was distributed: by which channel, to whom, and why it failed', () => {
    const sent = (row: Record<string, unknown>) => describeAuditEntry(entry({ table_name: 'results', action: 'distribute', row_data: row }));
    expect(sent({ channel: 'email', recipient: 'a@b.org', status: 'sent', attempt: 1, critical: false })).toEqual({ title: 'Result emailed to a@b.org', changes: [], tone: 'access' });
    expect(sent({ channel: 'fax', recipient: '+1 555 010 7788', status: 'failed', attempt: 3, reason: 'line busy', critical: true })).toEqual({
      title: 'Fax to +1 555 010 7788 failed: line busy', changes: ['Critical value', 'Attempt 3'], tone: 'remove',
    });
    expect(sent({ channel: 'fax', recipient: '+1 555 010 7788', status: 'sent', attempt: 2, critical: false })).toEqual({ title: 'Result faxed to +1 555 010 7788', changes: ['Attempt 2'], tone: 'access' });
    expect(sent({ channel: 'in_app', recipient: 'Dr. Ann Smith', status: 'sent', attempt: 1, critical: true }).title).toBe('Result delivered in the app to Dr. Ann Smith');
    expect(sent({ channel: 'email', recipient: 'a@b.org', status: 'failed', attempt: 1, critical: false }).title).toBe('Email to a@b.org failed');
    expect(sent({ channel: 'pigeon', recipient: '', status: 'sent' }).title).toBe('Result sent to an unknown recipient');
  });

  it('lets the timeline be filtered to distributions of results', () => {
    const row = entry({ table_name: 'results', action: 'distribute', row_data: { channel: 'email', recipient: 'a@b.org', status: 'sent', attempt: 1, critical: false } });
    expect(matchesAuditFilters(row, { ...NO_AUDIT_FILTERS, action: 'distribute', table: 'results' })).toBe(true);
    expect(matchesAuditFilters(row, { ...NO_AUDIT_FILTERS, action: 'print' })).toBe(false);
  });

  it('says each changed field in words, before → after, leaving bookkeeping out', () => {
    const words = describeAuditEntry(
      entry({ changed_fields: { credential: { old: 'MD', new: 'DO' }, npi: { old: null, new: '1234567893' }, is_active: { old: true, new: false }, updated_at: { old: 'x', new: 'y' }, nppes_data: { old: null, new: {} } } }),
    );
    expect(words).toEqual({
      title: 'Provider changed',
      changes: ['Credential: MD → DO', 'NPI: (empty) → 1234567893', 'Is active: Yes → No', 'Registry data (taxonomy, state, license) updated'],
      tone: 'change',
    });
  });

  it('names verification runs, with their result', () => {
    expect(describeAuditEntry(entry({ changed_fields: { pecos_verified: { old: false, new: true }, pecos_verification_date: { old: null, new: '2026-11-25T15:00:00Z' }, updated_at: { old: 1, new: 2 } } }))).toEqual({
      title: 'PECOS verification: enrolled',
      changes: ['PECOS status: No → Yes', 'PECOS verification date: (empty) → Nov 25, 2026'],
      tone: 'verify',
    });
    expect(describeAuditEntry(entry({ changed_fields: { pecos_verification_date: { old: 'a', new: 'b' } } })).title).toBe('PECOS verification');
    expect(describeAuditEntry(entry({ changed_fields: { nppes_data: { old: null, new: {} } } })).title).toBe('NPPES registry data refreshed');
  });

  it('names invitations, role changes, deactivations and deletions', () => {
    expect(describeAuditEntry(entry({ table_name: 'profiles', action: 'insert', row_data: { invited_by: 'x' } })).title).toBe('Invited');
    expect(describeAuditEntry(entry({ table_name: 'profiles', action: 'insert', row_data: {} })).title).toBe('Account created');
    expect(describeAuditEntry(entry({ table_name: 'user_roles', action: 'insert', row_data: { role: 'admin' } })).title).toBe('Role granted: admin');
    expect(describeAuditEntry(entry({ table_name: 'user_roles', changed_fields: { _deleted: { old: false, new: true } } })).title).toBe('Role revoked');
    expect(describeAuditEntry(entry({ table_name: 'profiles', changed_fields: { deactivated_at: { old: null, new: '2026-11-25T15:00:00Z' }, deactivated_by: { old: null, new: 'x' } } }))).toMatchObject({
      title: 'User account deactivated',
      tone: 'remove',
    });
    expect(describeAuditEntry(entry({ table_name: 'profiles', changed_fields: { deactivated_at: { old: '2026-11-25T15:00:00Z', new: null } } })).title).toBe('User account reactivated');
    expect(describeAuditEntry(entry({ table_name: 'organizations', changed_fields: { _deleted: { old: false, new: true } } })).title).toBe('Organization deleted');
    expect(describeAuditEntry(entry({ action: 'insert', row_data: { first_name: 'A' } })).title).toBe('Provider added');
    expect(describeAuditEntry(entry({ action: 'delete' })).title).toBe('Provider deleted');
    expect(describeAuditEntry(entry({ table_name: 'profiles', changed_fields: { last_sign_in: { old: null, new: 'x' } } })).title).toBe('Signed in');
  });

  it('reads values as a person would', () => {
    expect(valueText('')).toBe('(empty)');
    expect(valueText(['Client', 'Medicare'])).toBe('Client, Medicare');
    expect(valueText({ a: 1 })).toBe('(details)');
    expect(valueText('x'.repeat(100))).toHaveLength(78);
    expect(changeLines(null)).toEqual([]);
  });

  it('says a document, a file or a linked record changed without printing its insides or ids', () => {
    expect(
      changeLines({
        lis_delivery: { old: { attempts: 1 }, new: { attempts: 2 } },
        lis_error: { old: null, new: 'Unknown test code CMP' },
        report_path: { old: null, new: '2ad557fe-ac20-5a1e-a8d9-6c5fb93666a8/report.pdf' },
        deactivated_by: { old: null, new: '19ecbf87-3124-593f-b120-823997b1fa13' },
        default_organization_id: { old: '7a1d6f3e-0000-4000-8000-000000000001', new: '7a1d6f3e-0000-4000-8000-000000000002' },
        tests: { old: [{ code: 'A1C' }], new: [{ code: 'A1C' }, { code: 'LIPID' }] },
        status: { old: 'submitted', new: 'received' },
      }),
    ).toEqual([
      'Laboratory delivery updated',
      'Laboratory error: (empty) → Unknown test code CMP',
      'Report (PDF) updated',
      'Default organization changed',
      'Tests updated',
      'Status: submitted → received',
    ]);
  });
});

describe('audit filters on the device', () => {
  const row = entry({ changed_by: 'u1', changed_at: '2026-11-25T15:00:00Z' });
  it('apply as the server query does, days in the local calendar', () => {
    expect(matchesAuditFilters(row, NO_AUDIT_FILTERS)).toBe(true);
    expect(matchesAuditFilters(row, { ...NO_AUDIT_FILTERS, table: 'organizations' })).toBe(false);
    expect(matchesAuditFilters(row, { ...NO_AUDIT_FILTERS, user: 'u2' })).toBe(false);
    expect(matchesAuditFilters(row, { ...NO_AUDIT_FILTERS, action: 'update', rowId: row.row_id })).toBe(true);
    expect(matchesAuditFilters(row, { ...NO_AUDIT_FILTERS, from: '2026-11-25', to: '2026-11-25' })).toBe(true);
    expect(matchesAuditFilters(row, { ...NO_AUDIT_FILTERS, from: '2026-11-26' })).toBe(false);
    expect(matchesAuditFilters(row, { ...NO_AUDIT_FILTERS, to: '2026-11-24' })).toBe(false);
  });
});
