/**
 * Type-checks every Edge Function entry (`supabase/functions/<name>/index.ts`) with the
 * `deno` binary from npm, so the functions stay valid for the Supabase Edge Runtime.
 * Uses supabase/functions/deno.json (its import map resolves npm packages from
 * node_modules, so no network is needed).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const functionsDir = path.resolve('supabase/functions');
const entries = fs
  .readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => path.join('supabase/functions', entry.name, 'index.ts'))
  .filter((file) => fs.existsSync(file));

if (entries.length === 0) {
  console.error('No Edge Function entries found under supabase/functions/.');
  process.exit(1);
}

const deno = path.resolve('node_modules/.bin/deno');
const result = spawnSync(deno, ['check', '--config', 'supabase/functions/deno.json', ...entries], {
  stdio: 'inherit',
  env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' },
});
if (result.status === 0) console.log(`deno check: ${entries.length} function entries OK (${entries.join(', ')})`);
process.exit(result.status ?? 1);
