/**
 * A new device is useful at once (issue 28): a fresh browser profile signs in on
 * /providers and, while its first download runs, the directory's first rows are painted
 * (budget 3 s from the Sign in click) and a search is answered by the server. The page's
 * copy note says where the rows came from when each was painted ("from-server" while the
 * download runs), so the figure cannot silently measure the local copy instead.
 */
import type { Browser } from '@playwright/test';
import { freshProfileAtSignIn } from './fresh-sign-in.ts';
import { painted, waitFor, type AppTarget } from './measure-app.ts';

export interface NewDeviceFigures {
  /** Sign in click to the first row painted. */
  firstRowsMs: number;
  /** Where the first rows came from ('from-server' while the download runs; 'complete' when it had finished). */
  firstRowsFrom: string;
  /** Last keystroke of a provider's last name to their row painted. */
  searchAnsweredMs: number;
  searchFrom: string;
  query: string;
}

/** The copy note's state on the page ('complete' once it is gone). */
const copyState = () => document.querySelector('[data-testid="provider-list-copy"]')?.getAttribute('data-copy') ?? 'complete';

export async function measureNewDevice(browser: Browser, target: AppTarget): Promise<NewDeviceFigures> {
  const { context, page } = await freshProfileAtSignIn(browser, target);
  try {
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const firstRowAt = await waitFor(page, 'the first rows on a new device', (s) => painted(s.firstRowPaintedAt), 60_000);
    const firstRowsFrom = await page.evaluate(copyState);

    const sample = target.samples[Math.floor(target.samples.length / 2)] ?? target.samples[0];
    if (!sample) throw new Error('No provider to search for');
    const query = sample.lastName.toLowerCase();
    const box = page.getByRole('searchbox', { name: 'Search providers' });
    await box.click();
    // The row is one whose name holds the last name (the list shows "First Last, Credential").
    const answered = page.evaluate(
      (needle) =>
        new Promise<{ at: number; from: string }>((resolve) => {
          const copy = () => document.querySelector('[data-testid="provider-list-copy"]')?.getAttribute('data-copy') ?? 'complete';
          const found = () =>
            [...document.querySelectorAll('[data-testid="provider-rows"] [role="row"]')].length > 0 &&
            [...document.querySelectorAll('[data-testid="provider-rows"] [role="row"]')].every((row) => (row.textContent ?? '').toLowerCase().includes(needle));
          const done = () =>
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => resolve({ at: performance.now(), from: copy() });
              channel.port2.postMessage(null);
            });
          const observer = new MutationObserver(() => {
            if (!found()) return;
            observer.disconnect();
            done();
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      query,
    );
    const lastKeyAt = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = 0;
          let timer: ReturnType<typeof setTimeout> | null = null;
          document.addEventListener(
            'keydown',
            (event) => {
              last = event.timeStamp;
              if (timer) clearTimeout(timer);
              timer = setTimeout(() => resolve(last), 1000);
            },
            true,
          );
        }),
    );
    await box.pressSequentially(query, { delay: 60 });
    const answer = await answered;
    const lastKey = await lastKeyAt;
    return { firstRowsMs: firstRowAt - clickedAt, firstRowsFrom, searchAnsweredMs: answer.at - lastKey, searchFrom: answer.from, query };
  } finally {
    await context.close();
  }
}
