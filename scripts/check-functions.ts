/**
 * Proves the Edge Functions deploy as they stand: a copy of `supabase/functions` alone
 * (what the Supabase CLI bundles and the Edge Runtime runs, without this repository's
 * node_modules) type-checks every entry (`<name>/index.ts`) with `deno check` and bundles
 * each one with `deno bundle`. Deno resolves the import map's `npm:` packages from the npm
 * registry into its own cache (DENO_DIR, kept under node_modules/.cache/deno between runs),
 * pinned by supabase/functions/deno.lock (`--frozen`: a lock that no longer matches the
 * import map fails; `npm run check:functions -- --update-lock` rewrites it). Every shared
 * module under `_shared/` (tests excepted: they run in vitest) is type-checked too, so the
 * modules the functions will import stay valid for the Edge Runtime.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const source = path.resolve('supabase/functions');
const updateLock = process.argv.includes('--update-lock');
const started = Date.now();

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-'));
fs.cpSync(source, copy, { recursive: true, filter: (file) => !file.split(path.sep).includes('node_modules') });
const entries = fs
  .readdirSync(copy, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
  .map((entry) => entry.name)
  .filter((name) => fs.existsSync(path.join(copy, name, 'index.ts')));

const shared = fs
  .readdirSync(path.join(copy, '_shared'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
  .map((entry) => path.relative(copy, path.join(entry.parentPath, entry.name)))
  .sort();

const deno = path.resolve('node_modules/.bin/deno');
const env = {
  ...process.env,
  DENO_DIR: process.env.DENO_DIR ?? path.resolve('node_modules/.cache/deno'),
  DENO_NO_UPDATE_CHECK: '1',
  DENO_NO_PROMPT: '1',
  NO_COLOR: '1',
};

function run(args: string[]): boolean {
  const result = spawnSync(deno, args, { cwd: copy, stdio: 'inherit', env });
  return result.status === 0;
}

function finish(ok: boolean, message: string): never {
  fs.rmSync(copy, { recursive: true, force: true });
  console[ok ? 'log' : 'error'](message);
  process.exit(ok ? 0 : 1);
}

if (entries.length === 0) finish(false, 'No Edge Function entries found under supabase/functions/.');
const files = entries.map((name) => `${name}/index.ts`);
const lockArgs = updateLock ? [] : ['--frozen'];

if (!run(['check', ...lockArgs, '--config', 'deno.json', ...files, ...shared])) {
  finish(
    false,
    'deno check failed on a bare copy of supabase/functions. If the import map changed, run ' +
      '`npm run check:functions -- --update-lock` and commit supabase/functions/deno.lock.',
  );
}
if (updateLock) fs.copyFileSync(path.join(copy, 'deno.lock'), path.join(source, 'deno.lock'));
for (const name of entries) {
  const out = path.join(copy, '.bundle', `${name}.js`);
  if (!run(['bundle', '--frozen', '--quiet', '--config', 'deno.json', '--platform', 'deno', '-o', out, `${name}/index.ts`])) {
    finish(false, `deno bundle failed for ${name} from a bare copy of supabase/functions.`);
  }
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
finish(true, `Edge Functions from a bare copy of supabase/functions: ${entries.length} entries type-check and bundle (${entries.join(', ')}), and ${shared.length} shared modules type-check, in ${seconds} s`);
