/**
 * Type-checks every Edge Function entry (`supabase/functions/<name>/index.ts`) and every
 * shared module under `supabase/functions/_shared/` (tests excepted, they run in vitest)
 * with the `deno` binary from npm, so the functions and the modules they will import stay
 * valid for the Supabase Edge Runtime. Uses supabase/functions/deno.json (its import map
 * resolves npm packages from node_modules, so no network is needed).
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

const shared = fs
  .readdirSync(path.join(functionsDir, '_shared'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
  .map((entry) => path.relative(process.cwd(), path.join(entry.parentPath, entry.name)))
  .sort();

const deno = path.resolve('node_modules/.bin/deno');
const result = spawnSync(deno, ['check', '--config', 'supabase/functions/deno.json', ...entries, ...shared], {
  stdio: 'inherit',
  env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' },
});
if (result.status === 0) {
  console.log(`deno check: ${entries.length} function entries OK (${entries.join(', ')}) and ${shared.length} shared modules`);
}
process.exit(result.status ?? 1);
