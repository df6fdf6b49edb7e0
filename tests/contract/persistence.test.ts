/**
 * The local stack's data folder: what is written survives a restart (which neither
 * re-migrates nor re-seeds), a second stack on the same folder is refused while the first
 * runs, and a reset starts over.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-persistence-'));
const dataDir = path.join(tmp, 'pglite');
let running: RunningStack | null = null;

afterAll(async () => {
  await running?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function start(options: { seed: boolean; reset?: boolean }): Promise<RunningStack> {
  running = await startStack({ port: 0, dataDir, quiet: true, seed: options.seed, reset: options.reset ?? false });
  return running;
}

async function stop(): Promise<void> {
  await running?.stop();
  running = null;
}

function service(stack: RunningStack) {
  return createClient(stack.url, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

async function counts(stack: RunningStack) {
  const client = service(stack);
  const providers = await client.from('providers').select('id', { count: 'exact', head: true });
  const migrations = await stack.db.pg.query<{ count: number }>('select count(*)::int as count from supabase_migrations.schema_migrations');
  return { providers: providers.count, migrations: migrations.rows[0]?.count };
}

/** `npm run stack` in a child process, on the same data folder. */
function secondStack(): Promise<{ code: number | null; stderr: string }> {
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  return new Promise((resolve) => {
    execFile(
      tsx,
      ['supabase/local/main.ts', '--port', '0', '--data-dir', dataDir],
      { cwd: REPO_ROOT, timeout: 90_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
    );
  });
}

describe('the data folder', () => {
  const organization = { id: randomUUID(), legal_name: 'Persisted Practice', type: 'non_healthcare' };

  it('keeps what was written across a restart, without migrating or seeding again', async () => {
    const first = await start({ seed: true });
    expect(first.db.fresh).toBe(true);
    const { error } = await service(first).from('organizations').insert(organization);
    expect(error).toBeNull();
    const before = await counts(first);
    expect(before.providers).toBeGreaterThan(0);

    const refused = await secondStack();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The data folder ${dataDir} is in use by another local stack (process ${process.pid}).`);

    await stop();
    const second = await start({ seed: true });
    expect(second.db.fresh).toBe(false);
    const { data } = await service(second).from('organizations').select('id, legal_name').eq('id', organization.id);
    expect(data).toEqual([{ id: organization.id, legal_name: 'Persisted Practice' }]);
    expect(await counts(second)).toEqual(before);
    await stop();
  }, 240_000);

  it('starts over with --reset', async () => {
    const stack = await start({ seed: false, reset: true });
    expect(stack.db.fresh).toBe(true);
    const { data, error } = await service(stack).from('organizations').select('id').eq('id', organization.id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect((await counts(stack)).providers).toBe(0);
    await stop();
  }, 120_000);
});
