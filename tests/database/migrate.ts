/**
 * Applies supabase/migrations/*.sql and supabase/seed.sql to a real PostgreSQL database
 * as the Supabase CLI does (`supabase db reset` / `db push` then the seed): each migration
 * file in its own transaction, in file-name order, recorded in
 * supabase_migrations.schema_migrations (version, name, statements), then the seed, all
 * as `postgres`. A file that fails names itself and the error.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, SEED_FILE } from '../../supabase/local/config.ts';

export const PREPARE_SQL = path.join(path.dirname(new URL(import.meta.url).pathname), 'supabase-prepare.sql');
const STORAGE_SQL = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'supabase', 'local', 'db', 'storage.sql');

export interface ConnectionTarget {
  socketDir: string;
  port: number;
}

export function clientFor(target: ConnectionTarget, user: string): pg.Client {
  return new pg.Client({ host: target.socketDir, port: target.port, user, database: 'postgres' });
}

async function withClient<T>(target: ConnectionTarget, user: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = clientFor(target, user);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort();
}

/** Prepare (as the bootstrap superuser), migrate and seed (as postgres). */
export async function prepareMigrateAndSeed(target: ConnectionTarget, superuser: string): Promise<string[]> {
  await withClient(target, superuser, (client) => client.query(fs.readFileSync(PREPARE_SQL, 'utf8')));
  // A hosted project has the storage schema before any migration (buckets and their
  // policies are written by migrations): the same reduced schema as the local stack's.
  await withClient(target, 'postgres', async (client) => {
    const { rows } = await client.query("select 1 from pg_namespace where nspname = 'storage'");
    if (rows.length === 0) await client.query(fs.readFileSync(STORAGE_SQL, 'utf8'));
  });
  const applied: string[] = [];
  await withClient(target, 'postgres', async (client) => {
    await client.query(`create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text not null primary key, statements text[], name text)`);
    for (const file of migrationFiles()) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          version,
          rest.join('_'),
          [sql],
        ]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw new Error(`Migration ${file} failed on PostgreSQL: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
    if (fs.existsSync(SEED_FILE)) {
      try {
        await client.query('begin');
        await client.query(fs.readFileSync(SEED_FILE, 'utf8'));
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw new Error(`supabase/seed.sql failed on PostgreSQL: ${(error as Error).message}`, { cause: error });
      }
    }
  });
  return applied;
}
