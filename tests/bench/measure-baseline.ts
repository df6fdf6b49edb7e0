/**
 * The baseline: the same provider list as an online-only page would load it on every
 * visit, over an emulated clinic connection (CDP Network.emulateNetworkConditions: 150 ms
 * round trip, 5 Mbit/s each way). First rows = the first page of 50 by last name, fetched
 * and painted; searchable = every provider's list columns, fetched in keyset pages of
 * 1,000 (PostgREST's usual max-rows), the search haystack built and the count painted.
 * Only the data is timed: the page's own code counts as already cached, which favours the
 * baseline.
 */
import type { Browser } from '@playwright/test';
import { KEEP_NAMES_SHIM } from './page-probes.ts';

export const CLINIC_NETWORK = { latencyMs: 150, megabitsPerSecond: 5 };

export interface BaselineTarget {
  appUrl: string;
  stackUrl: string;
  anonKey: string;
  accessToken: string;
}

export interface BaselineFigures {
  firstRowsMs: number;
  searchReadyMs: number;
  requests: number;
  downloadedKb: number;
  rows: number;
}

const LIST_COLUMNS = 'id,first_name,last_name,nickname,credential,npi,taxonomy_description,is_active,pecos_verified,email,phone';

export async function measureBaseline(browser: Browser, target: BaselineTarget): Promise<BaselineFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    // A page of the app's own origin (Chrome lets a loopback page call the loopback API),
    // with the app's scripts blocked: the baseline draws its own rows.
    await context.route(/\.js$/, (route) => route.abort());
    await context.addInitScript({ content: KEEP_NAMES_SHIM });
    const page = await context.newPage();
    await page.goto(`${target.appUrl}/`);
    await page.evaluate(() => {
      document.body.innerHTML = '<p id="count"></p><table><tbody id="rows"></tbody></table>';
    });
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
    return await page.evaluate(
      async ({ restUrl, anonKey, token, columns }) => {
        const afterPaint = () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => resolve(performance.now());
              channel.port2.postMessage(null);
            }),
          );
        type Row = Record<string, string | boolean | null>;
        const headers = { apikey: anonKey, Authorization: `Bearer ${token}` };
        let requests = 0;
        let bytes = 0;
        const get = async (query: string): Promise<Row[]> => {
          requests += 1;
          const response = await fetch(`${restUrl}/providers?select=${columns}&_deleted=is.false&${query}`, { headers });
          const text = await response.text();
          bytes += text.length;
          if (!response.ok) throw new Error(`baseline fetch failed: ${response.status} ${text.slice(0, 200)}`);
          return JSON.parse(text) as Row[];
        };
        const tbody = document.getElementById('rows')!;
        const started = performance.now();
        const first = await get('order=last_name.asc,first_name.asc,id.asc&limit=50');
        tbody.replaceChildren(
          ...first.map((row) => {
            const tr = document.createElement('tr');
            for (const key of ['last_name', 'first_name', 'npi', 'taxonomy_description']) {
              const td = document.createElement('td');
              td.textContent = String(row[key] ?? '');
              tr.append(td);
            }
            return tr;
          }),
        );
        const firstRowsMs = (await afterPaint()) - started;
        const all: Row[] = [];
        for (let after: string | null = null; ; ) {
          const page: Row[] = await get(`order=id.asc&limit=1000${after ? `&id=gt.${after}` : ''}`);
          all.push(...page);
          if (page.length < 1000) break;
          after = String(page[page.length - 1]!.id);
        }
        const haystack = all.map((row) => `${row.first_name} ${row.last_name} ${row.npi ?? ''}`.toLowerCase());
        document.getElementById('count')!.textContent = `${haystack.length.toLocaleString('en-US')} providers`;
        const searchReadyMs = (await afterPaint()) - started;
        return { firstRowsMs, searchReadyMs, requests, downloadedKb: bytes / 1024, rows: all.length };
      },
      { restUrl: `${target.stackUrl}/rest/v1`, anonKey: target.anonKey, token: target.accessToken, columns: LIST_COLUMNS },
    );
  } finally {
    await context.close();
  }
}

/** An access token of the staff login, from the stack's GoTrue-compatible endpoint. */
export async function signInForToken(stackUrl: string, anonKey: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${stackUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`Sign-in for the baseline failed: ${response.status}`);
  return body.access_token;
}
