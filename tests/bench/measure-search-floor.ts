/**
 * The floor under the search's keystroke-to-paint: the same keystrokes, timed by the same
 * probe (page-probes.ts), typed into a bare search box on an otherwise empty page of a fresh
 * browser context, with nothing listening but the probe. What is left of the app's figure
 * above it is what the app itself costs a keystroke (its render, the rows' style, layout and
 * paint); what is below it no app can remove (the browser's input, editing and frame on this
 * machine). Measured in the same run as the app's search, so the two read as a ratio.
 */
import type { Browser } from '@playwright/test';
import { measureSearch, type SearchFigures } from './measure-app.ts';
import { installProbes, KEEP_NAMES_SHIM, providerListProbe } from './page-probes.ts';

export async function measureSearchFloor(browser: Browser, appUrl: string, keys: readonly string[], countText: string): Promise<SearchFigures> {
  // No service worker: it would answer the page's address with the app.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  try {
    await context.addInitScript({ content: KEEP_NAMES_SHIM });
    await context.addInitScript(installProbes, providerListProbe(countText));
    const page = await context.newPage();
    const html = `<!doctype html><html lang="en"><title>floor</title><body><input type="search" aria-label="Search"><p data-testid="floor-count">${countText}</p></body></html>`;
    // On the app's origin (the same process model as the app's page), served here, not by the app.
    await page.route(`${appUrl}/bench-search-floor`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(`${appUrl}/bench-search-floor`);
    return await measureSearch(page, { keys, countTestId: 'floor-count', countText, label: 'search-floor' });
  } finally {
    await context.close();
  }
}
