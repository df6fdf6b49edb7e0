/**
 * Reading the audit trail from the server (issue 27): a page of entries newest first,
 * older than the last one loaded (keyset on the id: stable while new rows arrive), or the
 * entries newer than the newest one shown (the 1.5-second poll that shows another user's
 * edit within two seconds). Through `audit_page`: the changes of patient data are patient
 * data, read only through that function, which logs them (20261205100004); its filters are
 * audit-query.ts's. The client loads lazily, after first paint.
 */
import type { AuditEntry } from './audit-entry.ts';
import { AUDIT_PAGE_SIZE, auditPageArguments, type AuditFilters } from './audit-query.ts';

const client = async () => (await import('../supabase.ts')).supabase;

export async function fetchAuditPage(filters: AuditFilters, bound: { before?: number; after?: number }, limit = AUDIT_PAGE_SIZE): Promise<AuditEntry[]> {
  const supabase = await client();
  const { data, error } = await supabase.rpc('audit_page', auditPageArguments(filters, bound, limit));
  if (error) throw new Error(error.message);
  return (data ?? []) as AuditEntry[];
}

/** Every entry of the filters (the CSV export), a thousand at a time. */
export async function fetchAllAuditEntries(filters: AuditFilters, onProgress?: (loaded: number) => void): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await fetchAuditPage(filters, before === undefined ? {} : { before }, 1000);
    all.push(...page);
    onProgress?.(all.length);
    if (page.length < 1000) return all;
    before = page[page.length - 1]?.id;
  }
}
