/**
 * `npm start`: the product on this machine in one command. Starts the local Supabase stack
 * (127.0.0.1:54321, data in .stack-data/), builds the app against it and serves the build
 * with `vite preview` on 127.0.0.1:4173 (SPA fallback, the real service worker), then prints
 * the URL and the demo logins. `--reset` starts from a fresh, re-seeded database.
 */
import { build, preview } from 'vite';
import type { RunningStack } from '../supabase/local/stack.ts';
import { fail, printBanner, readOptions, startStackForApp, stopOnSignal } from './app-server.ts';

const options = readOptions(4173);
let stack: RunningStack | null = null;
try {
  stack = await startStackForApp(options);
  console.log(`Local stack ready at ${stack.url}. Building the app…`);
  await build({ logLevel: 'warn', build: { outDir: options.outDir, emptyOutDir: true } });
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: options.outDir },
    preview: { host: options.host, port: options.appPort, strictPort: true },
  });
  const running = stack;
  stopOnSignal([() => server.close(), () => running.stop()]);
  printBanner('LabLink is running (production build)', `http://${options.host}:${options.appPort}`, stack, options);
} catch (error) {
  await fail(error, stack);
}
