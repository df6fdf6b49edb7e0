/**
 * `npm run stack`: starts the local Supabase stack and prints what a developer needs
 * (URL, keys, data folder, demo logins). Options: --reset, --port N, --data-dir PATH.
 */
import { parseArgs } from 'node:util';
import { ANON_KEY, DEFAULT_DATA_DIR, DEFAULT_PORT, JWT_SECRET, SERVICE_ROLE_KEY } from './config.ts';
import { startStack } from './stack.ts';
import { DEMO_LOGINS } from './demo-logins.ts';

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.STACK_PORT ?? String(DEFAULT_PORT) },
    'data-dir': { type: 'string', default: process.env.STACK_DATA_DIR ?? DEFAULT_DATA_DIR },
  },
});

try {
  const stack = await startStack({ reset: values.reset, port: Number(values.port), dataDir: values['data-dir'] });
  const lines = [
    '',
    'Local Supabase stack is running',
    `  API URL          ${stack.url}`,
    `  REST             ${stack.url}/rest/v1`,
    `  Auth             ${stack.url}/auth/v1`,
    `  Realtime         ${stack.url.replace('http', 'ws')}/realtime/v1/websocket`,
    `  Functions        ${stack.url}/functions/v1`,
    `  Registry sim.    ${stack.url}/__simulator (NPPES and CMS data API)`,
    `  LIS simulator    mllp://${stack.lis.listener.host}:${stack.lis.listener.port} (control: ${stack.url}/__simulator/lis)`,
    `  Data folder      ${values['data-dir']}${stack.db.fresh ? ' (new: migrated and seeded)' : ''}`,
    `  JWT secret       ${JWT_SECRET}`,
    `  anon key         ${ANON_KEY}`,
    `  service_role key ${SERVICE_ROLE_KEY}`,
    '',
    'Demo logins',
    ...DEMO_LOGINS.map((login) => `  ${login.label.padEnd(19)}${login.email} / ${login.password}`),
    '',
  ];
  console.log(lines.join('\n'));
  const shutdown = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}
