/**
 * The first sync as a staff member meets it: a fresh browser profile signs in on /providers
 * and downloads the directory, with the sync popover's progress bar on screen. Times it
 * from the Sign in click to the whole list searchable and the indicator synced, samples
 * the progress bar, and reads how busy the page's main thread was meanwhile.
 */
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { freshProfileAtSignIn } from './fresh-sign-in.ts';
import { labelChanges, painted, probe, startCpuProfile, waitFor, type AppTarget } from './measure-app.ts';

export interface FirstSyncFigures {
  seconds: number;
  rows: number;
  rowsPerSecond: number;
  progress: { samples: number; firstShownAfterMs: number | null; values: number[]; valuesAtSeconds: number[]; monotonic: boolean; reached100: boolean; totalKnown: boolean };
  /**
   * How much of the sync the page's main thread was busy (Chromium's task time, from the
   * Sign in click to the synced indicator, over the sync's seconds): near 1, the download
   * waits on the main thread's work, not on the network or IndexedDB's own thread.
   */
  mainThreadBusyShare: number;
}

/** The page's main-thread task seconds so far (CDP Performance metrics). */
async function mainThreadSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
}

/** A fresh browser profile signs in on /providers and downloads the directory. */
export async function measureFirstSync(browser: Browser, target: AppTarget, syncedRows: number): Promise<{ context: BrowserContext; page: Page; figures: FirstSyncFigures }> {
  const { context, page } = await freshProfileAtSignIn(browser, target);
  const profiling = process.env.BENCH_PROFILE ? await startCpuProfile(page, 1000) : null;
  const metrics = await context.newCDPSession(page);
  await metrics.send('Performance.enable');
  const before = await mainThreadSeconds(metrics);
  const started = Date.now();
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/providers$/, { timeout: 60_000 });
  // Open the sync popover so its progress bar is on screen while the download runs.
  await page.getByTestId('sync-indicator').click();
  // Generous: the machines are shared, and a slow sync is a figure, not a failure.
  const timeout = 60_000 + target.providers * 10;
  await waitFor(page, 'the whole list after the first sync', (s) => painted(s.searchReadyAt), timeout);
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-tone') === 'ok', null, { timeout });
  const seconds = (Date.now() - started) / 1000;
  const after = await mainThreadSeconds(metrics);
  await metrics.detach();
  if (profiling) await profiling.stop(path.join(process.env.BENCH_PROFILE!, `first-sync-${target.providers}.cpuprofile`));
  const state = await probe(page);
  await page.keyboard.press('Escape');
  const downloading = state.progress.filter((sample) => sample.label.includes('Downloading'));
  if (process.env.BENCH_DEBUG) console.log(labelChanges(state, clickedAt));
  const shown = downloading.filter((sample): sample is typeof sample & { value: number } => sample.value !== null && Number.isFinite(sample.value));
  const values = shown.map((sample) => sample.value);
  const changes = shown.filter((sample, i) => i === 0 || sample.value !== shown[i - 1]!.value);
  const distinct = changes.map((sample) => sample.value);
  return {
    context,
    page,
    figures: {
      seconds,
      rows: syncedRows,
      rowsPerSecond: syncedRows / seconds,
      progress: {
        samples: downloading.length,
        firstShownAfterMs: downloading[0] ? Math.round(downloading[0].at - (state.progress[0]?.at ?? 0)) : null,
        values: distinct,
        // When the bar first showed each value, in seconds after the Sign in click.
        valuesAtSeconds: changes.map((sample) => Math.round((sample.at - clickedAt) / 100) / 10),
        monotonic: values.every((value, i) => i === 0 || value >= values[i - 1]!),
        reached100: values.includes(100),
        totalKnown: downloading.some((sample) => / of [\d,]+ records/.test(sample.detail)),
      },
      mainThreadBusyShare: (after - before) / seconds,
    },
  };
}
