/**
 * What a benchmark run stands on: a fresh local stack (PGlite in a temporary folder) on its
 * own port, the production build of the app pointed at it and served by `vite preview`
 * (the real service worker), and Debian's Chromium, headless. Everything is stopped by
 * `close`, also after a failure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build, preview, type PreviewServer } from 'vite';
import { ANON_KEY } from '../../supabase/local/config.ts';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';

export interface BenchEnv {
  stack: RunningStack;
  appUrl: string;
  buildDir: string;
  browser: Browser;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startBenchEnv(options: { appPort: number; stackPort: number; log: (line: string) => void }): Promise<BenchEnv> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lablink-bench-'));
  const buildDir = path.join(workDir, 'build');
  const appUrl = `http://${HOST}:${options.appPort}`;
  const stops: Array<() => Promise<void>> = [async () => fs.rmSync(workDir, { recursive: true, force: true })];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const stack = await startStack({ host: HOST, port: options.stackPort, dataDir: path.join(workDir, 'pglite'), reset: true, seed: true, siteUrl: appUrl, quiet: true });
    stops.push(() => stack.stop());
    options.log(`stack on ${stack.url}; building the app`);
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = ANON_KEY;
    await build({ logLevel: 'warn', build: { outDir: buildDir, emptyOutDir: true, sourcemap: false, minify: !process.env.BENCH_UNMINIFIED } });
    const server: PreviewServer = await preview({
      logLevel: 'warn',
      build: { outDir: buildDir },
      preview: { host: HOST, port: options.appPort, strictPort: true },
    });
    stops.push(() => server.close());
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    stops.push(() => browser.close());
    options.log(`app on ${appUrl}; Chromium ${browser.version()}`);
    return { stack, appUrl, buildDir, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}
