/**
 * The admins' CSV export of the audit trail (issue 27): one line per entry of the filters
 * (a date range, usually), newest first, in the words the timeline shows plus the raw
 * fields an auditor checks. papaparse quotes what needs quoting.
 */
import Papa from 'papaparse';
import { RECORD_KIND_LABELS, type AuditEntry } from '../../lib/timeline/audit-entry.ts';
import { describeAuditEntry } from '../../lib/timeline/audit-wording.ts';

export const CSV_COLUMNS = ['Entry', 'When (UTC)', 'Who', 'Who (user id)', 'Kind of record', 'Record', 'Record id', 'Action', 'What happened', 'Changes'] as const;

export function auditCsv(entries: readonly AuditEntry[], person: (id: string | null) => string, record: (entry: AuditEntry) => string | null): string {
  const rows = entries.map((entry) => {
    const words = describeAuditEntry(entry);
    return [
      String(entry.id),
      new Date(entry.changed_at).toISOString(),
      person(entry.changed_by),
      entry.changed_by ?? '',
      RECORD_KIND_LABELS[entry.table_name] ?? entry.table_name,
      record(entry) ?? '',
      entry.row_id,
      entry.action,
      words.title,
      words.changes.join('; '),
    ];
  });
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { newline: '\r\n' });
}

/** The file's name: audit-log_2026-11-01_to_2026-11-25.csv (or _all_ without a range). */
export function csvFileName(from: string, to: string): string {
  return `audit-log_${from || 'start'}_to_${to || 'now'}.csv`;
}
