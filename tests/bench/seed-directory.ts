/**
 * Writes the benchmark's directory into the stack's database as the owner, in big batches,
 * through the same tables and triggers the product uses (touch_modified stamps `_modified`,
 * the audit triggers log every insert): `insert … select from jsonb_populate_recordset`, one
 * statement per few thousand rows.
 */
import type { PGlite } from '@electric-sql/pglite';
import { generateDirectory, type Row } from './directory-data.ts';

const BATCH = 5000;

export async function insertRows(pg: PGlite, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const list = columns.map((column) => `"${column}"`).join(', ');
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = rows.slice(start, start + BATCH);
    await pg.query(
      `insert into public.${table} (${list}) select ${list} from jsonb_populate_recordset(null::public.${table}, $1::jsonb)`,
      [JSON.stringify(chunk)],
    );
  }
}

const SEEDED_TABLES = ['organizations', 'providers', 'provider_organization_memberships', 'provider_preferences'];

/** Pauses (or resumes) the local stack's Realtime NOTIFY per row on `tables` while the bench seeds them. */
export async function setRealtimeNotify(pg: PGlite, enabled: boolean, tables: readonly string[] = SEEDED_TABLES): Promise<void> {
  const { rows } = await pg.query<{ table: string }>(
    `select c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname = 'realtime_local_changes' and c.relname = any($1)`,
    [tables],
  );
  for (const { table } of rows) {
    await pg.exec(`alter table public.${table} ${enabled ? 'enable' : 'disable'} trigger realtime_local_changes`);
  }
}

export interface SeedCounts {
  providers: number;
  organizations: number;
  memberships: number;
  preferences: number;
}

export async function countDirectory(pg: PGlite): Promise<SeedCounts> {
  const { rows } = await pg.query<{ providers: number; organizations: number; memberships: number; preferences: number }>(
    `select (select count(*)::int from public.providers where not _deleted) as providers,
            (select count(*)::int from public.organizations where not _deleted) as organizations,
            (select count(*)::int from public.provider_organization_memberships where not _deleted) as memberships,
            (select count(*)::int from public.provider_preferences where not _deleted) as preferences`,
  );
  return rows[0]!;
}

/** Adds providers (with their organizations, memberships, preferences) until there are `total`. */
export async function seedDirectoryTo(pg: PGlite, total: number): Promise<{ added: number; ms: number; counts: SeedCounts }> {
  const started = performance.now();
  const before = await countDirectory(pg);
  const count = total - before.providers;
  if (count > 0) {
    const taken = new Set(
      (await pg.query<{ npi: string }>('select npi from public.providers where npi is not null')).rows.map((row) => row.npi),
    );
    const batch = generateDirectory({ count, offset: before.providers, takenNpis: taken });
    // The local stack's Realtime emulation (a NOTIFY per row; hosted Supabase reads the WAL
    // instead) has no subscriber while the bench seeds: it is paused, the product's
    // triggers (_modified, audit) all run.
    await setRealtimeNotify(pg, false);
    try {
      await insertRows(pg, 'organizations', batch.organizations);
      await insertRows(pg, 'providers', batch.providers);
      await insertRows(pg, 'provider_organization_memberships', batch.memberships);
      await insertRows(pg, 'provider_preferences', batch.preferences);
    } finally {
      await setRealtimeNotify(pg, true);
    }
    await pg.exec('analyze');
  }
  return { added: Math.max(0, count), ms: performance.now() - started, counts: await countDirectory(pg) };
}
