import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/timeline/audit-entry.ts';
import { auditCsv, csvFileName } from './audit-csv.ts';

const entry: AuditEntry = {
  id: 7,
  table_name: 'providers',
  row_id: '00000000-0000-4000-8000-000000000001',
  action: 'update',
  changed_by: '00000000-0000-4000-8000-0000000000aa',
  changed_at: '2026-11-25T15:04:05.123Z',
  changed_fields: { credential: { old: 'MD', new: 'DO' }, nickname: { old: null, new: 'Pat, "Doc"' }, updated_at: { old: 'a', new: 'b' } },
  row_data: null,
};

describe('audit CSV', () => {
  it('writes one quoted line per entry in the timeline\'s words', () => {
    const csv = auditCsv([entry], () => 'Sam Staff', () => 'Diana Patel');
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('Entry,When (UTC),Who,Who (user id),Kind of record,Record,Record id,Action,What happened,Changes');
    expect(line).toBe(
      '7,2026-11-25T15:04:05.123Z,Sam Staff,00000000-0000-4000-8000-0000000000aa,Provider,Diana Patel,00000000-0000-4000-8000-000000000001,update,Provider changed,"Credential: MD → DO; Nickname: (empty) → Pat, ""Doc"""',
    );
  });

  it('names the file by its date range', () => {
    expect(csvFileName('2026-11-01', '2026-11-25')).toBe('audit-log_2026-11-01_to_2026-11-25.csv');
    expect(csvFileName('', '')).toBe('audit-log_start_to_now.csv');
  });
});
