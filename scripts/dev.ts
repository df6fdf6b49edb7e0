/**
 * `npm run dev`: like `npm start`, with the Vite dev server (hot reload) instead of a build:
 * the local Supabase stack on 127.0.0.1:54321 and the app on 127.0.0.1:5173.
 * `--reset` starts from a fresh, re-seeded database. The service worker is off in dev.
 */
import { createServer } from 'vite';
import type { RunningStack } from '../supabase/local/stack.ts';
import { fail, printBanner, readOptions, startStackForApp, stopOnSignal } from './app-server.ts';

const options = readOptions(5173);
let stack: RunningStack | null = null;
try {
  stack = await startStackForApp(options);
  const server = await createServer({ server: { host: options.host, port: options.appPort, strictPort: true } });
  await server.listen();
  const running = stack;
  stopOnSignal([() => server.close(), () => running.stop()]);
  printBanner('LabLink is running (development, hot reload)', `http://${options.host}:${options.appPort}`, stack, options);
} catch (error) {
  await fail(error, stack);
}
