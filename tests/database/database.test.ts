/**
 * The database tests, on PGlite (as the local stack opens it) and on a real PostgreSQL
 * server prepared as Supabase prepares a project (setup.ts): row-level security
 * (rls-suite.ts) and Supabase's linter rules (lint-suite.ts), the same assertions on both,
 * so a migration, policy or grant that behaves differently on one of them fails here.
 * One database of each kind per run: opening PGlite with every migration and the seed
 * is the slow part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestDatabase } from './databases.ts';
import { exposedSchemas } from './lints.ts';
import { describeLints } from './lint-suite.ts';
import { describeRls } from './rls-suite.ts';

describe('the linter reads config.toml', () => {
  it('exposes the schemas of [api] schemas', () => {
    expect(exposedSchemas()).toEqual(['public', 'graphql_public']);
  });
});

describe.each(DATABASES)('%s', (_name, open) => {
  let db: TestDatabase | null = null;
  const current = (): TestDatabase => {
    if (!db) throw new Error('The database did not open');
    return db;
  };

  beforeAll(async () => {
    db = await open();
  });

  afterAll(async () => {
    await db?.close();
  });

  describeLints(current);
  describeRls(current);
});
