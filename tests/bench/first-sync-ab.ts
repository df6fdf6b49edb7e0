/**
 * The first sync with the replication's metadata packed (src/db/packed) against the same
 * app with it on Dexie, one record per row (VITE_PACKED_REPLICATION_META=on / off), in
 * alternating rounds of one run: one stack and seed, both builds served side by side, a
 * fresh browser context per sync, A B A B…, so the machine's load falls on both alike.
 * Prints each round's seconds, the seconds per 1,000 synced rows, the ratio packed / Dexie,
 * the storage floor and the load average.
 *
 *   npx tsx tests/bench/first-sync-ab.ts --providers 10000 --rounds 3
 * Ports: BENCH_APP_PORT (4502) and the next one, BENCH_STACK_PORT (54502).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { build, preview, type PreviewServer } from 'vite';
import { ANON_KEY } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/stack.ts';
import { measureFirstSync } from './measure-first-sync.ts';
import { measureStorageFloor } from './measure-storage-floor.ts';
import { seedDirectoryTo } from './seed-directory.ts';

const { values } = parseArgs({ options: { providers: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '3' } } });
const providers = Number(values.providers);
const rounds = Number(values.rounds);
const HOST = '127.0.0.1';
const appPort = Number(process.env.BENCH_APP_PORT ?? 4502);
const stackPort = Number(process.env.BENCH_STACK_PORT ?? 54502);
const started = Date.now();
const log = (line: string) => console.log(`[ab ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);
const SYNCED_TABLES = ['organizations', 'providers', 'profiles', 'user_roles', 'provider_organization_memberships', 'provider_preferences', 'provider_delegate_approvals'];

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lablink-ab-'));
const stops: Array<() => Promise<void>> = [async () => fs.rmSync(workDir, { recursive: true, force: true })];
try {
  const stack = await startStack({ host: HOST, port: stackPort, dataDir: path.join(workDir, 'pglite'), reset: true, seed: true, quiet: true });
  stops.push(() => stack.stop());
  const seed = await seedDirectoryTo(stack.db.pg, providers);
  const sql = SYNCED_TABLES.map((table) => `(select count(*)::int from public.${table})`).join(' + ');
  const rows = (await stack.db.pg.query<{ total: number }>(`select ${sql} as total`)).rows[0]!.total;
  log(`seeded ${seed.counts.providers} providers (${rows} synced rows)`);
  process.env.VITE_SUPABASE_URL = stack.url;
  process.env.VITE_SUPABASE_ANON_KEY = ANON_KEY;
  const variants = [
    { name: 'packed', flag: 'on', port: appPort },
    { name: 'dexie', flag: 'off', port: appPort + 1 },
  ];
  const targets: Array<{ name: string; appUrl: string; buildDir: string }> = [];
  for (const variant of variants) {
    const buildDir = path.join(workDir, `build-${variant.name}`);
    process.env.VITE_PACKED_REPLICATION_META = variant.flag;
    await build({ logLevel: 'warn', build: { outDir: buildDir, emptyOutDir: true, sourcemap: false } });
    const server: PreviewServer = await preview({ logLevel: 'warn', build: { outDir: buildDir }, preview: { host: HOST, port: variant.port, strictPort: true } });
    stops.push(() => server.close());
    targets.push({ name: variant.name, appUrl: `http://${HOST}:${variant.port}`, buildDir });
  }
  delete process.env.VITE_PACKED_REPLICATION_META;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  stops.push(() => browser.close());
  const seconds: Record<string, number[]> = { packed: [], dexie: [] };
  for (let round = 0; round < rounds; round += 1) {
    // Alternate which goes first, too.
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      const { context, figures } = await measureFirstSync(browser, { ...target, providers: seed.counts.providers, samples: [] }, rows);
      await context.close();
      seconds[target.name]!.push(figures.seconds);
      log(`round ${round + 1} ${target.name}: ${figures.seconds.toFixed(1)} s (load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    }
  }
  const floor = await measureStorageFloor(browser, targets[0]!.appUrl, rows);
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const perThousand = (s: number) => (s / rows) * 1000;
  const [packed, dexie] = [median(seconds.packed!), median(seconds.dexie!)];
  console.log(
    [
      `first sync of ${rows} rows (${seed.counts.providers} providers), median of ${rounds}:`,
      `  packed metadata: ${packed.toFixed(1)} s = ${perThousand(packed).toFixed(2)} s per 1,000 rows (${seconds.packed!.map((s) => s.toFixed(1)).join(', ')})`,
      `  Dexie metadata:  ${dexie.toFixed(1)} s = ${perThousand(dexie).toFixed(2)} s per 1,000 rows (${seconds.dexie!.map((s) => s.toFixed(1)).join(', ')})`,
      `  ratio packed / Dexie: ${(packed / dexie).toFixed(2)} (per round: ${seconds.packed!.map((s, i) => (s / seconds.dexie![i]!).toFixed(2)).join(', ')})`,
      `  IndexedDB: put ${floor.putMicros.toFixed(0)} µs a record, ${floor.chunkedPutMicros.toFixed(1)} µs a row 500 to a record; floor ${floor.replicationFloorSeconds.toFixed(1)} s unpacked, ${floor.packedFloorSeconds.toFixed(1)} s packed`,
      `  load average: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`,
    ].join('\n'),
  );
} finally {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
}
process.exit(0);
