/**
 * Journeys that need a browser profile on disk: one that outlives its browser (a killed
 * browser restarts on it, as a tablet's does) and whose files can be read afterwards (what
 * a copy of the profile would give away).
 */
import { chromium, expect, type BrowserContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function newProfileDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/** Debian's Chromium on this profile, at the app's address. */
export function launchProfile(userDataDir: string, baseURL: string | undefined): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    baseURL,
    viewport: { width: 1440, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
}

/** SIGKILL the Chromium processes of this profile (the ones the test launched): no clean shutdown. */
export function killBrowser(userDataDir: string): void {
  const lines = execFileSync('ps', ['-eo', 'pid=,args=']).toString().split('\n');
  const pids = lines
    .filter((line) => line.includes(`--user-data-dir=${userDataDir}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => pid > 0 && pid !== process.pid);
  expect(pids.length).toBeGreaterThan(0);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone with its parent.
    }
  }
}

/** Kills the context's browser and waits until Playwright has seen it go. */
export async function killContext(context: BrowserContext, userDataDir: string): Promise<void> {
  const closed = new Promise((resolve) => context.once('close', resolve));
  killBrowser(userDataDir);
  await closed;
}

/** Every file under the profile's IndexedDB folders, as one Latin-1 string. */
export function indexedDbFiles(profile: string): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (full.includes('IndexedDB')) texts.push(fs.readFileSync(full).toString('latin1'));
    }
  };
  walk(profile);
  return texts.join('\n');
}
