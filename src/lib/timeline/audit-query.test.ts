import { describe, expect, it } from 'vitest';
import { auditPageArguments, dayBound, NO_AUDIT_FILTERS, recordAuditFilters } from './audit-query.ts';

describe('the timeline\'s query', () => {
  it('asks audit_page for every entry, newest first, when nothing is filtered', () => {
    expect(auditPageArguments(NO_AUDIT_FILTERS)).toEqual({
      p_table: null, p_row_id: null, p_user: null, p_action: null, p_from: null, p_to: null, p_before: null, p_after: null, p_limit: 50,
    });
  });

  it('passes each filter, the days as local-day bounds, and the keyset bound', () => {
    const filters = { ...recordAuditFilters('patients', 'p-1'), user: 'u-1', action: 'update', from: '2026-12-01', to: '2026-12-05' };
    expect(auditPageArguments(filters, { before: 120 }, 1000)).toEqual({
      p_table: 'patients', p_row_id: 'p-1', p_user: 'u-1', p_action: 'update',
      p_from: dayBound('2026-12-01'), p_to: dayBound('2026-12-05', true), p_before: 120, p_after: null, p_limit: 1000,
    });
    expect(auditPageArguments(NO_AUDIT_FILTERS, { after: 7 })).toMatchObject({ p_after: 7, p_before: null });
  });
});
