/**
 * The two databases every database test runs against, behind one small interface:
 * PGlite as the local stack opens it (platform.sql, the migrations, the seed), and the
 * real PostgreSQL server of the global setup. A caller's statement runs as the Data API
 * runs a request: one transaction, `set_config('request.jwt.claims', …, true)` and
 * `SET LOCAL ROLE`, and here always rolled back, so checks never change each other's data.
 */
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, quoteIdent, type Database } from '../../supabase/local/db/database.ts';
import { clientFor } from './migrate.ts';

export type Row = Record<string, unknown>;

export interface Claims {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  [key: string]: unknown;
}

/** What a statement came to: its rows, or the SQLSTATE and message of its error. */
export type Outcome = { ok: true; rows: Row[] } | { ok: false; code: string; message: string };

export interface TestDatabase {
  name: string;
  /** Run `sql` as the database owner, committed (fixtures). */
  asOwner(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Run `sql` as a caller of the Data API, rolled back. */
  asCaller(claims: Claims, sql: string, params?: unknown[]): Promise<Outcome>;
  close(): Promise<void>;
}

function errorOutcome(error: unknown): Outcome {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') throw error;
  return { ok: false, code, message: String(message) };
}

export async function openPglite(): Promise<TestDatabase> {
  const db: Database = await openDatabase({ dataDir: null, reset: false, seed: true, log: () => {} });
  return {
    name: 'PGlite',
    async asOwner(sql, params = []) {
      // Several statements (fixtures) need the simple protocol, as pg uses without params.
      if (params.length === 0) return ((await db.pg.exec(sql)).at(-1)?.rows ?? []) as Row[];
      return (await db.pg.query<Row>(sql, params)).rows;
    },
    async asCaller(claims, sql, params = []) {
      await db.pg.exec('begin');
      try {
        await db.pg.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        await db.pg.exec(`set local role ${quoteIdent(claims.role)}`);
        return { ok: true, rows: (await db.pg.query<Row>(sql, params)).rows };
      } catch (error) {
        return errorOutcome(error);
      } finally {
        await db.pg.exec('rollback');
      }
    },
    close: () => db.close(),
  };
}

export async function openPostgres(): Promise<TestDatabase> {
  const target = inject('postgres');
  // postgres, the role the migrations ran as, owns the tables (as on Supabase).
  const client: pg.Client = clientFor(target, 'postgres');
  await client.connect();
  return {
    name: `PostgreSQL ${target.version.replace(/^.*PostgreSQL\)\s*(\d+(\.\d+)?).*$/, '$1')}`,
    async asOwner(sql, params = []) {
      return (await client.query(sql, params)).rows as Row[];
    },
    async asCaller(claims, sql, params = []) {
      await client.query('begin');
      try {
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        await client.query(`set local role ${quoteIdent(claims.role)}`);
        return { ok: true, rows: (await client.query(sql, params)).rows as Row[] };
      } catch (error) {
        return errorOutcome(error);
      } finally {
        await client.query('rollback');
      }
    },
    close: () => client.end(),
  };
}

/** Both databases, for `describe.each`. */
export const DATABASES: Array<[string, () => Promise<TestDatabase>]> = [
  ['PGlite', openPglite],
  ['PostgreSQL', openPostgres],
];
