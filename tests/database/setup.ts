/**
 * Vitest global setup of the database tests: a throwaway PostgreSQL cluster, prepared as
 * Supabase prepares a project, with every migration and the seed applied as the CLI
 * applies them. A migration or seed that fails on real PostgreSQL fails the run here,
 * before any test. DATABASE_TEST_POSTGRES_BIN (or POSTGRES_BIN) picks the server's bin
 * folder; without one, Debian's newest is used (`apt-get install postgresql`).
 */
import type { TestProject } from 'vitest/node';
import { BOOTSTRAP_SUPERUSER, findPostgresBin, startCluster, type Cluster } from './postgres-cluster.ts';
import { prepareMigrateAndSeed } from './migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { socketDir: string; port: number; version: string; migrations: number };
  }
}

let cluster: Cluster | null = null;

export async function setup(project: TestProject): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      'The database tests run on a real PostgreSQL server as well as on PGlite, and none is installed: ' +
        '`apt-get install postgresql` (`.ci/run` does it on a fresh machine), or set POSTGRES_BIN to its bin folder.',
    );
  }
  const started = Date.now();
  cluster = await startCluster(bin);
  try {
    const applied = await prepareMigrateAndSeed(cluster, BOOTSTRAP_SUPERUSER);
    console.log(`[database] ${cluster.version}: ${applied.length} migrations and the seed applied in ${Date.now() - started} ms`);
    project.provide('postgres', { socketDir: cluster.socketDir, port: cluster.port, version: cluster.version, migrations: applied.length });
  } catch (error) {
    await cluster.stop();
    cluster = null;
    throw error;
  }
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  cluster = null;
}
