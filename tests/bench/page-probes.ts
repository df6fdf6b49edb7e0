/**
 * What the benchmark installs in every page before the app runs (Playwright init script):
 * it watches the DOM for the provider list's first row and for the search count that says
 * the whole list is searchable, and times each keystroke in the search box to the paint
 * after it. "Painted" is taken after the next animation frame has rendered: a
 * requestAnimationFrame callback, then a message posted from it, which runs once that
 * frame's paint is done. Times are performance.now() of the page (0 = navigation start).
 *
 * The function is serialized into the page, so it may use nothing from its module.
 */

export interface ProbeState {
  firstRowPaintedAt: number | null;
  searchReadyAt: number | null;
  keystrokes: number[];
  /** The key of each keystroke sample, in the same order. */
  keys: string[];
  /** Samples of the sync indicator while the first download runs. */
  progress: Array<{ at: number; label: string; value: number | null; detail: string }>;
}

/**
 * tsx compiles this module with esbuild's keepNames, which wraps named inner functions in
 * `__name(fn, "name")`; functions serialized into the page need that helper there too.
 */
export const KEEP_NAMES_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

declare global {
  interface Window {
    __bench: ProbeState;
  }
}

/** Installed with `context.addInitScript(installProbes, expectedTotalText)`. */
export function installProbes(expectedCountText: string): void {
  const state: ProbeState = { firstRowPaintedAt: null, searchReadyAt: null, keystrokes: [], keys: [], progress: [] };
  window.__bench = state;
  const afterPaint = (done: (at: number) => void) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });
  };
  const check = () => {
    if (state.firstRowPaintedAt === null && document.querySelector('[data-testid="provider-rows"] [role="row"]')) {
      state.firstRowPaintedAt = -1;
      afterPaint((at) => (state.firstRowPaintedAt = at));
    }
    if (state.searchReadyAt === null) {
      const count = document.querySelector('[data-testid="provider-count"]');
      if (count && count.textContent === expectedCountText) {
        state.searchReadyAt = -1;
        afterPaint((at) => (state.searchReadyAt = at));
      }
    }
  };
  const observer = new MutationObserver(check);
  const start = () => observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);

  document.addEventListener(
    'keydown',
    (event) => {
      const target = event.target as HTMLElement | null;
      if (!target || target.getAttribute('role') !== 'searchbox') return;
      if (event.key === 'Control' || event.key === 'Meta' || event.key === 'Shift') return;
      const started = event.timeStamp;
      const key = event.key;
      afterPaint((at) => {
        state.keys.push(key);
        state.keystrokes.push(at - started);
      });
    },
    true,
  );

  setInterval(() => {
    const indicator = document.querySelector('[data-testid="sync-indicator"]');
    if (!indicator) return;
    const bar = document.querySelector('[aria-label="First download progress"]');
    const raw = bar?.getAttribute('aria-valuenow') ?? bar?.querySelector('[aria-valuenow]')?.getAttribute('aria-valuenow') ?? null;
    const detail = bar?.previousElementSibling?.textContent ?? '';
    state.progress.push({ at: performance.now(), label: indicator.getAttribute('aria-label') ?? '', value: raw === null ? null : Number(raw), detail });
  }, 100);
}
