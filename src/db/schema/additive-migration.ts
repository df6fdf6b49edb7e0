/**
 * RxDB's schema migration for the synced collections. The local documents are a copy of
 * server rows plus local edits, and migrations only ever add columns, so every version step
 * is the same: keep what the document has, give each column it lacks the migration's
 * default (or null), and recompute the derived fields. Local edits (`local_dirty`) survive;
 * the next pull brings the server's values for the new columns.
 */
import { defaultValueOf } from '../tables/columns.ts';
import { TABLE_COLUMNS, type SyncedTable } from '../tables/definitions.ts';
import { derivedFields } from '../tables/local-docs.ts';
import type { Clock } from '../mapping/row-mapping.ts';

type Doc = Record<string, unknown>;

export function completeWithDefaults(table: SyncedTable, doc: Doc, clock: Clock): Doc {
  const next: Doc = { ...doc };
  for (const [name, spec] of Object.entries(TABLE_COLUMNS[table])) {
    if (next[name] === undefined) next[name] = defaultValueOf(spec, clock.now, clock.newId) ?? null;
  }
  return { ...next, ...derivedFields(table, next) };
}

/** `migrationStrategies` for a collection at `version`: one additive step per version. */
export function additiveMigrations(table: SyncedTable, version: number, clock: Clock): Record<number, (doc: Doc) => Doc> {
  const strategies: Record<number, (doc: Doc) => Doc> = {};
  for (let step = 1; step <= version; step++) strategies[step] = (doc) => completeWithDefaults(table, doc, clock);
  return strategies;
}
