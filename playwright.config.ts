/**
 * End-to-end tests: Playwright driving Debian's Chromium (Playwright's own browser download
 * does not work here) against `npm start` run by Playwright on its own ports, with a fresh
 * database (`--reset`) and its own build folder, so it never disturbs a developer's
 * `npm start`. Set E2E_BASE_URL (and E2E_STACK_URL) to test an instance already running.
 */
import { defineConfig, devices } from '@playwright/test';

const appPort = Number(process.env.E2E_APP_PORT ?? 4391);
const stackPort = Number(process.env.E2E_STACK_PORT ?? 54391);
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${appPort}`;
process.env.E2E_STACK_URL ??= `http://127.0.0.1:${stackPort}`;
// Several runs may share this work tree: each instance (by its app port) keeps its own
// results, database and build, so one run never cleans up another's files.
const instance = new URL(baseURL).port || String(appPort);

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? `test-results/e2e-${instance}`,
  // Two cores shared with the stack and the build: one browser at a time.
  workers: 1,
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
    trace: 'retain-on-failure',
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
  webServer: external
    ? undefined
    : {
        command: 'npx tsx scripts/start.ts --reset',
        url: `${baseURL}/`,
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          APP_PORT: String(appPort),
          STACK_PORT: String(stackPort),
          STACK_DATA_DIR: `.stack-data/e2e-${instance}`,
          APP_OUT_DIR: `dist-e2e/${instance}`,
        },
      },
});
