/**
 * The stack's one Postgres: PGlite, opened from a folder (or in memory for tests), set up
 * like a fresh Supabase project (platform.sql), then migrated and seeded exactly as the
 * Supabase CLI does, plus the local-only demo logins (db/demo-logins.sql). Every API request runs through `asCaller`, one short transaction
 * under the caller's role and JWT claims, as PostgREST does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DEMO_LOGINS_FILE, MIGRATIONS_DIR, SEED_FILE } from '../config.ts';
import type { Claims } from '../jwt.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

export type { Transaction };

const PLATFORM_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'platform.sql');
const STORAGE_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'storage.sql');

export interface OpenOptions {
  dataDir: string | null;
  reset: boolean;
  seed: boolean;
  log: (line: string) => void;
}

export interface Database {
  pg: PGlite;
  /** True when this open created the database (platform, migrations and seed applied). */
  fresh: boolean;
  /** Run `fn` in one transaction as the caller: `SET LOCAL ROLE` + `request.jwt.claims`. */
  asCaller<T>(claims: Claims | null, fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Run `fn` in one transaction as the database owner (auth and internal bookkeeping). */
  asOwner<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const ANON_CLAIMS: Claims = { role: 'anon' };

/** What platform.sql gained since a data folder was made (idempotent; run on every later open). */
const PLATFORM_UPGRADES = `
  alter table auth.sign_in_attempts add column if not exists address text not null default '';
  do $$ begin
    if not exists (select from pg_roles where rolname = 'authenticator') then
      create role authenticator noinherit;
      grant anon, authenticated, service_role to authenticator;
    end if;
  end $$;
`;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let lock: DataDirLock | null = null;
  if (options.dataDir) {
    if (options.reset) fs.rmSync(options.dataDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
  }
  const fresh = !options.dataDir || !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'));
  let pg: PGlite;
  try {
    pg = await PGlite.create(options.dataDir ?? undefined);
  } catch (error) {
    lock?.release();
    throw error;
  }

  if (fresh) await pg.exec(fs.readFileSync(PLATFORM_SQL, 'utf8'));
  else await pg.exec(PLATFORM_UPGRADES);
  // The storage schema came after the first data folders: add it to one that lacks it.
  const storage = await pg.query(`select 1 from pg_namespace where nspname = 'storage'`);
  if (storage.rows.length === 0) await pg.exec(fs.readFileSync(STORAGE_SQL, 'utf8'));
  await applyMigrations(pg, options.log);
  if (fresh && options.seed && fs.existsSync(SEED_FILE)) {
    await pg.exec(fs.readFileSync(SEED_FILE, 'utf8'));
    options.log('Seeded the database from supabase/seed.sql');
    // The local stack's own step: demo logins exist here and nowhere else.
    if (fs.existsSync(DEMO_LOGINS_FILE)) {
      await pg.exec(fs.readFileSync(DEMO_LOGINS_FILE, 'utf8'));
      options.log('Added the demo logins (supabase/local/db/demo-logins.sql)');
    }
  }

  return {
    pg,
    fresh,
    asCaller(claims, fn) {
      const effective = claims ?? ANON_CLAIMS;
      return pg.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(effective)]);
        // The role comes from a verified token and is one of three fixed names.
        await tx.exec(`set local role ${quoteIdent(effective.role)}`);
        return fn(tx);
      });
    },
    asOwner(fn) {
      return pg.transaction(fn);
    },
    async close() {
      await pg.close();
      lock?.release();
    },
  };
}

/** Apply every `supabase/migrations/<version>_<name>.sql` not yet recorded, in order. */
async function applyMigrations(pg: PGlite, log: (line: string) => void): Promise<void> {
  if (!fs.existsSync(MIGRATIONS_DIR)) return;
  const applied = new Set(
    (await pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (row) => row.version,
    ),
  );
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort();
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (!version || applied.has(version)) continue;
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    try {
      await pg.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          version,
          rest.join('_'),
        ]);
      });
    } catch (error) {
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    log(`Applied migration ${file}`);
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
