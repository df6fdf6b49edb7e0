/**
 * End-to-end tests: Playwright driving Debian's Chromium (Playwright's own browser download
 * does not work here) against `npm start` run by Playwright on its own ports, with a fresh
 * database (`--reset`) and its own build folder, so it never disturbs a developer's
 * `npm start`. Set E2E_BASE_URL (and E2E_STACK_URL) to test an instance already running.
 */
import { defineConfig, devices } from '@playwright/test';

const basePorts = { app: Number(process.env.E2E_APP_PORT ?? 4391), stack: Number(process.env.E2E_STACK_PORT ?? 54391) };
const external = process.env.E2E_BASE_URL;
// E2E_WORKERS=n runs n workers, each against its own stack and app (ports 100 apart), so
// the journeys never share a database and both cores are used. The default is one worker
// and one server (`npm run e2e`, and a single spec run by hand).
const workers = external ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const PORT_STEP_PER_WORKER = 100;
const portsOf = (index: number) => ({ app: basePorts.app + index * PORT_STEP_PER_WORKER, stack: basePorts.stack + index * PORT_STEP_PER_WORKER });
// Playwright loads this file again in each worker, with TEST_PARALLEL_INDEX set: there it
// points the tests (baseURL, STACK_URL in e2e/support/env.ts) at that worker's own servers.
const mine = portsOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
const baseURL = external ?? `http://127.0.0.1:${mine.app}`;
if (external) process.env.E2E_STACK_URL ??= `http://127.0.0.1:${mine.stack}`;
else process.env.E2E_STACK_URL = `http://127.0.0.1:${mine.stack}`;
// Several runs may share this work tree: each instance (by its app port) keeps its own
// results, database and build, so one run never cleans up another's files.
const runInstance = external ? new URL(external).port || 'external' : String(basePorts.app);

function serverFor(index: number) {
  const ports = portsOf(index);
  return {
    command: 'npx tsx scripts/start.ts --reset',
    url: `http://127.0.0.1:${ports.app}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      APP_PORT: String(ports.app),
      STACK_PORT: String(ports.stack),
      STACK_DATA_DIR: `.stack-data/e2e-${ports.app}`,
      APP_OUT_DIR: `dist-e2e/${ports.app}`,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? `test-results/e2e-${runInstance}`,
  workers,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1440, height: 900 },
    // No trace by default: its screencast keeps Chromium's compositor busy and made every
    // journey about 40 % slower on these 2-core machines (the whole run's main cost). When
    // debugging: `npx playwright test --trace retain-on-failure`. Failures still keep a
    // screenshot and the page's accessibility snapshot (error-context.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: external ? undefined : Array.from({ length: workers }, (_, index) => serverFor(index)),
});
