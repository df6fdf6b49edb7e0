/**
 * The dashboard's paint after an offline reload (issue 27: "at 50,000 providers it paints in
 * under a second after an offline reload"): from the reload's navigation start to the first
 * paint after the verification card's first count is in the page — counts kept from the
 * change stream, not a read of every provider per render, are what makes this fast.
 * Measured on the directory size's page, offline, with its service worker in control.
 */
import type { Page } from '@playwright/test';
import { jsBeforeFirstPaint } from './measure-app.ts';

/** The first figure the staff dashboard paints from the providers (verification health). */
const FIRST_FIGURE = '[data-testid="figure-pecos-enrolled-count"]';

export interface DashboardFigures {
  /** Median of the runs: reload to the first figure painted (ms). */
  paintMs: number;
  runs: number[];
  /** JavaScript that had arrived before the page's first contentful paint (gzip KB), as /providers'. */
  jsKb: number;
}

declare global {
  interface Window {
    __dashboardPaint?: number | null;
  }
}

export async function measureDashboardOffline(page: Page, appUrl: string, buildDir: string, runs: number): Promise<DashboardFigures> {
  await page.addInitScript((selector: string) => {
    if (location.pathname !== '/dashboard') return;
    window.__dashboardPaint = null;
    const seen = () => {
      if (!document.querySelector(selector)) return false;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (window.__dashboardPaint ??= performance.now());
        channel.port2.postMessage(null);
      });
      return true;
    };
    const observer = new MutationObserver(() => {
      if (seen()) observer.disconnect();
    });
    document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }), { once: true });
  }, FIRST_FIGURE);
  await page.context().setOffline(true);
  // Once to warm the route's chunks into the page's cache, as a returning user has them.
  await page.goto(`${appUrl}/dashboard`);
  await page.waitForFunction(() => typeof window.__dashboardPaint === 'number', null, { timeout: 120_000 });
  const times: number[] = [];
  let jsKb = Number.NaN;
  for (let run = 0; run < runs; run += 1) {
    await page.reload();
    await page.waitForFunction(() => typeof window.__dashboardPaint === 'number', null, { timeout: 120_000 });
    times.push(await page.evaluate(() => window.__dashboardPaint!));
    if (run === 0) jsKb = (await jsBeforeFirstPaint(page, buildDir)).kb;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { paintMs: sorted[Math.floor(sorted.length / 2)]!, runs: times, jsKb };
}
