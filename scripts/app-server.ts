/**
 * What `npm start` and `npm run dev` share: their options (ports, data folder, --reset),
 * starting the local Supabase stack for the app, pointing the app's build at it, the banner
 * with the URLs and demo logins, and a clean shutdown of everything on Ctrl+C.
 *
 * Options: --reset (start from a fresh database), APP_PORT, STACK_PORT, STACK_DATA_DIR,
 * APP_OUT_DIR (build folder, for a second instance such as the end-to-end tests').
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ANON_KEY, DEFAULT_DATA_DIR, DEFAULT_HOST, DEFAULT_PORT, REPO_ROOT } from '../supabase/local/config.ts';
import { DEMO_LOGINS } from '../supabase/local/demo-logins.ts';
import { startStack, type RunningStack } from '../supabase/local/stack.ts';

export interface ServeOptions {
  host: string;
  appPort: number;
  stackPort: number;
  dataDir: string;
  outDir: string;
  reset: boolean;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`${name} must be a port number, not "${value}"`);
  return parsed;
}

export function readOptions(defaultAppPort: number): ServeOptions {
  const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false } } });
  return {
    host: DEFAULT_HOST,
    appPort: port(process.env.APP_PORT, defaultAppPort, 'APP_PORT'),
    stackPort: port(process.env.STACK_PORT, DEFAULT_PORT, 'STACK_PORT'),
    dataDir: path.resolve(process.env.STACK_DATA_DIR ?? DEFAULT_DATA_DIR),
    outDir: path.resolve(REPO_ROOT, process.env.APP_OUT_DIR ?? 'dist'),
    reset: values.reset ?? false,
  };
}

/** Start the stack and make the app's build talk to it (unless told otherwise by env). */
export async function startStackForApp(options: ServeOptions): Promise<RunningStack> {
  const appUrl = `http://${options.host}:${options.appPort}`;
  const stack = await startStack({
    host: options.host,
    port: options.stackPort,
    dataDir: options.dataDir,
    reset: options.reset,
    siteUrl: appUrl,
    quiet: true,
  });
  if (process.env.VITE_SUPABASE_URL && process.env.VITE_SUPABASE_URL !== stack.url) {
    console.warn(`VITE_SUPABASE_URL is set: the app talks to ${process.env.VITE_SUPABASE_URL}, not to the local stack.`);
  } else {
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY ??= ANON_KEY;
  }
  return stack;
}

export function printBanner(title: string, appUrl: string, stack: RunningStack, options: ServeOptions): void {
  const relative = path.relative(process.cwd(), options.dataDir);
  const dataDir = relative && !relative.startsWith('..') ? relative : options.dataDir;
  const lines = [
    '',
    `  ${title}`,
    '',
    `  App            ${appUrl}`,
    `  Supabase API   ${stack.url}   (local stack; data in ${dataDir}${stack.db.fresh ? ', new: migrated and seeded' : ''})`,
    `  LIS simulator  MLLP ${stack.lis.listener.host}:${stack.lis.listener.port}`,
    `  Mail catcher   ${stack.url}/__simulator/mail/messages   (every email sent; service key)`,
    `  Fax simulator  ${stack.url}/__simulator/fax/messages    (every fax sent, with its PDF; service key)`,
    '',
    '  Demo logins',
    ...DEMO_LOGINS.map((login) => `    ${login.label.padEnd(18)} ${login.email.padEnd(32)} ${login.password}`),
    '',
    '  Press Ctrl+C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

/** Stop everything once on SIGINT/SIGTERM, then exit. */
export function stopOnSignal(stops: Array<() => Promise<void>>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const step of stops) await step().catch((error: unknown) => console.error(error));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

/** Print a startup failure plainly (port taken, data folder in use) and exit. */
export async function fail(error: unknown, stack: RunningStack | null): Promise<never> {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  await stack?.stop().catch(() => undefined);
  process.exit(1);
}
