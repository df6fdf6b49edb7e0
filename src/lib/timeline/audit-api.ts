/**
 * Reading the audit trail from the Data API (issue 27): a page of entries newest first,
 * older than the last one loaded (keyset on the id: stable while new rows arrive), or the
 * entries newer than the newest one shown (the 1.5-second poll that shows another user's
 * edit within two seconds). The client loads lazily, after first paint.
 */
import { AUDIT_COLUMNS, type AuditEntry } from './audit-entry.ts';
import { applyAuditFilters, AUDIT_PAGE_SIZE, type AuditFilters, type AuditQuery } from './audit-query.ts';

const client = async () => (await import('../supabase.ts')).supabase;

export async function fetchAuditPage(filters: AuditFilters, bound: { before?: number; after?: number }, limit = AUDIT_PAGE_SIZE): Promise<AuditEntry[]> {
  const supabase = await client();
  // Typed by the part the filters use: supabase-js's own builder type is too deep for a generic.
  type Builder = AuditQuery<Builder> & { order(column: string, options: { ascending: boolean }): { limit(n: number): PromiseLike<{ data: unknown; error: { message: string } | null }> } };
  const base = supabase.from('audit_log').select(AUDIT_COLUMNS) as unknown as Builder;
  const { data, error } = await applyAuditFilters(base, filters, bound).order('id', { ascending: false }).limit(limit);
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
