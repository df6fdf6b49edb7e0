/**
 * Names for the CSV export: the people and records of the exported entries, read once from
 * the local database (the export is not a live view).
 */
import { getLocalDatabase } from '../../db/index.ts';
import type { AuditEntry } from '../../lib/timeline/audit-entry.ts';

type Named = { first_name?: string | null; last_name?: string | null; email?: string | null; legal_name?: string | null };

function nameOf(doc: Named | null | undefined): string | null {
  if (!doc) return null;
  if (doc.legal_name) return doc.legal_name;
  return [doc.first_name, doc.last_name].filter(Boolean).join(' ') || doc.email || null;
}

export async function nameDirectory(entries: readonly AuditEntry[]): Promise<{ person: (id: string | null) => string; record: (entry: AuditEntry) => string | null }> {
  const names = new Map<string, string>();
  const db = getLocalDatabase();
  const ids = [...new Set(entries.flatMap((entry) => [entry.row_id, ...(entry.changed_by ? [entry.changed_by] : [])]))];
  if (db) {
    for (const collection of [db.profiles, db.providers, db.organizations] as const) {
      const found = await collection.findByIds(ids).exec();
      for (const [id, doc] of found) {
        const name = nameOf(doc.toJSON() as Named);
        if (name) names.set(id, name);
      }
    }
  }
  return {
    person: (id) => (id ? (names.get(id) ?? id) : 'The system'),
    record: (entry) => names.get(entry.row_id) ?? nameOf(entry.row_data as Named | null),
  };
}
