/**
 * Names for the feed (issue 27): who made a change (their profile on this device), and
 * which record it was (the provider's or organization's name on this device, else what the
 * audit row itself carries). Read from local data, so the feed names people offline too.
 */
import { combineLatest, map } from 'rxjs';
import { useLiveQuery } from '../local-data/use-live-query.ts';
import type { AuditEntry } from './audit-entry.ts';

export interface AuditNames {
  person(id: string | null): string;
  record(entry: AuditEntry): string | null;
}

type Named = { first_name?: unknown; last_name?: unknown; email?: unknown; legal_name?: unknown };

function nameOf(doc: Named | null | undefined): string | null {
  if (!doc) return null;
  if (typeof doc.legal_name === 'string' && doc.legal_name.trim()) return doc.legal_name.trim();
  const name = [doc.first_name, doc.last_name].filter((part) => typeof part === 'string' && part.trim()).join(' ');
  if (name) return name;
  return typeof doc.email === 'string' && doc.email ? doc.email : null;
}

/** People and directory records by id: profiles, providers and organizations of the ids given. */
export function useAuditNames(entries: readonly AuditEntry[]): AuditNames {
  const ids = [
    ...new Set([
      ...entries.map((entry) => entry.changed_by).filter((id): id is string => !!id),
      ...entries.filter((entry) => NAMED_TABLES.has(entry.table_name)).map((entry) => entry.row_id),
    ]),
  ].sort();
  const live = useLiveQuery(
    ids.length > 0 ? `audit-names:${ids.join(',')}` : null,
    (db) =>
      combineLatest([db.profiles.findByIds(ids).$, db.providers.findByIds(ids).$, db.organizations.findByIds(ids).$]).pipe(
        map((maps) => {
          const names = new Map<string, string>();
          for (const found of maps) for (const [id, doc] of found) {
            const name = nameOf(doc.toJSON() as Named);
            if (name) names.set(id, name);
          }
          return names;
        }),
      ),
    'names',
  );
  const names = live.status === 'ready' ? live.value : EMPTY;
  return {
    person: (id) => (id ? (names.get(id) ?? 'Another user') : 'The system'),
    record: (entry) => names.get(entry.row_id) ?? nameOf(entry.row_data as Named | null) ?? null,
  };
}

const NAMED_TABLES = new Set(['providers', 'organizations', 'profiles']);
const EMPTY: ReadonlyMap<string, string> = new Map();
