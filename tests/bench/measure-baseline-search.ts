/**
 * The honest baseline of the search (issue 28, "the baseline becomes honest"): an
 * online-only app does not download the whole list, it asks the server per search,
 * debounced (250 ms after the last keystroke), over the clinic connection of
 * measure-baseline.ts. Each keystroke of the benchmark's queries is typed once the previous
 * one's results are painted, and timed from the keystroke to its results painted: the
 * latency a user who pauses sees. The server query is what such an app would send:
 * PostgREST `ilike` on the first name, last name or NPI (`or=`), in last-name order, the
 * first 50 rows. The local search's p95 is reported as a ratio of this p95.
 */
import type { Browser } from '@playwright/test';
import { CLINIC_NETWORK, type BaselineTarget } from './measure-baseline.ts';
import { KEEP_NAMES_SHIM } from './page-probes.ts';

export const BASELINE_DEBOUNCE_MS = 250;

export interface BaselineSearchFigures {
  keystrokes: number;
  p50: number;
  p95: number;
  max: number;
}

const COLUMNS = 'id,first_name,last_name,nickname,credential,npi,taxonomy_description,is_active,pecos_verified,email';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `keys`: Playwright key names (search-script.ts), typed one at a time. */
export async function measureBaselineSearch(browser: Browser, target: BaselineTarget, keys: readonly string[]): Promise<BaselineSearchFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.route(/\.js$/, (route) => route.abort());
    await context.addInitScript({ content: KEEP_NAMES_SHIM });
    const page = await context.newPage();
    await page.goto(`${target.appUrl}/`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bytesPerSecond = (CLINIC_NETWORK.megabitsPerSecond * 1_000_000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: CLINIC_NETWORK.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await page.evaluate(
      ({ restUrl, anonKey, token, columns, debounceMs }) => {
        document.body.innerHTML = '<input id="q" type="search" aria-label="Search providers"><p id="count"></p><table><tbody id="rows"></tbody></table>';
        const input = document.getElementById('q') as HTMLInputElement;
        const tbody = document.getElementById('rows')!;
        const state = { samples: [] as number[], pendingKeyAt: null as number | null };
        (window as unknown as { __baseline: typeof state }).__baseline = state;
        const headers = { apikey: anonKey, Authorization: `Bearer ${token}` };
        // A PostgREST filter value in double quotes (commas, dots, parentheses and spaces stay literal).
        const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
        let timer: ReturnType<typeof setTimeout> | null = null;
        let inFlight: AbortController | null = null;
        input.addEventListener('keydown', (event) => {
          state.pendingKeyAt = event.timeStamp;
        });
        input.addEventListener('input', () => {
          if (timer) clearTimeout(timer);
          const keyAt = state.pendingKeyAt;
          timer = setTimeout(async () => {
            inFlight?.abort();
            const controller = new AbortController();
            inFlight = controller;
            const text = input.value.trim();
            const pattern = quoted(`*${text}*`);
            const filter = text ? `&or=${encodeURIComponent(`(${['first_name', 'last_name', 'npi'].map((column) => `${column}.ilike.${pattern}`).join(',')})`)}` : '';
            const url = `${restUrl}/providers?select=${columns}&_deleted=is.false${filter}&order=last_name.asc,first_name.asc,id.asc&limit=50`;
            try {
              const response = await fetch(url, { headers, signal: controller.signal });
              if (!response.ok) throw new Error(`baseline search failed: ${response.status} ${await response.text()}`);
              const rows = (await response.json()) as Array<Record<string, string | null>>;
              tbody.replaceChildren(
                ...rows.map((row) => {
                  const tr = document.createElement('tr');
                  for (const key of ['last_name', 'first_name', 'npi', 'taxonomy_description']) {
                    const td = document.createElement('td');
                    td.textContent = String(row[key] ?? '');
                    tr.append(td);
                  }
                  return tr;
                }),
              );
              document.getElementById('count')!.textContent = `${rows.length} shown`;
              requestAnimationFrame(() => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => {
                  if (keyAt !== null) state.samples.push(performance.now() - keyAt);
                };
                channel.port2.postMessage(null);
              });
            } catch (error) {
              if (!controller.signal.aborted) state.samples.push(Number.NaN);
              console.error(error);
            }
          }, debounceMs);
        });
      },
      { restUrl: `${target.stackUrl}/rest/v1`, anonKey: target.anonKey, token: target.accessToken, columns: COLUMNS, debounceMs: BASELINE_DEBOUNCE_MS },
    );
    const box = page.locator('#q');
    await box.focus();
    for (const key of keys) {
      const before = await page.evaluate(() => (window as unknown as { __baseline: { samples: number[] } }).__baseline.samples.length);
      const value = await box.inputValue();
      await page.keyboard.press(key);
      // A key that changes nothing (Backspace in an empty box) sends no request.
      if ((await box.inputValue()) === value) continue;
      await page.waitForFunction((count) => (window as unknown as { __baseline: { samples: number[] } }).__baseline.samples.length > count, before, { timeout: 30_000 });
    }
    const samples = await page.evaluate(() => (window as unknown as { __baseline: { samples: number[] } }).__baseline.samples);
    if (samples.some((sample) => !Number.isFinite(sample))) throw new Error('A baseline search request failed');
    const sorted = [...samples].sort((a, b) => a - b);
    return { keystrokes: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
  } finally {
    await context.close();
  }
}
