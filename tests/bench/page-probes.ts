/**
 * What the benchmark installs in every page before the app runs (Playwright init script):
 * it watches the DOM for a list's first row and for the search count that says the whole
 * list is searchable (the providers', or the patients' in the patients phase), and times each keystroke in the search box to the paint
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
  /**
   * The same keystrokes without the wait for the display's next frame: keystroke-to-paint
   * minus the idle time between the page's last handler of the key and the start of the
   * frame that painted it. At 60 Hz that wait is anything from 0 to 16.7 ms whatever the app
   * does (an empty page's p95 keystroke-to-paint is about 19 ms here); this is what the app
   * itself costs.
   */
  keystrokesBusy: number[];
  /** The key of each keystroke sample, in the same order. */
  keys: string[];
  /** Samples of the sync indicator while the first download runs. */
  progress: Array<{ at: number; label: string; value: number | null; detail: string }>;
  /** The page's long tasks (over 50 ms): when they started and how long they ran. */
  longTasks: Array<{ at: number; ms: number }>;
}

/**
 * tsx compiles this module with esbuild's keepNames, which wraps named inner functions in
 * `__name(fn, "name")`; functions serialized into the page need that helper there too.
 */
export const KEEP_NAMES_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

declare global {
  interface Window {
    __bench: ProbeState;
    /** Called once the next keystroke sample is recorded (see `nextKeystrokeSample`). */
    __benchSampleWaiters: Array<() => void>;
  }
}

/** Which list the probes watch: its rows, and its count element with the text that says the whole list is searchable. */
export interface ProbedList {
  rowSelector: string;
  countSelector: string;
  countText: string;
}

/** The provider directory's list. */
export function providerListProbe(countText: string): ProbedList {
  return { rowSelector: '[data-testid="provider-rows"] [role="row"]', countSelector: '[data-testid="provider-count"]', countText };
}

/** Installed with `context.addInitScript(installProbes, list)`. */
export function installProbes(list: ProbedList): void {
  const state: ProbeState = { firstRowPaintedAt: null, searchReadyAt: null, keystrokes: [], keystrokesBusy: [], keys: [], progress: [], longTasks: [] };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ at: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask' });
  const afterPaint = (done: (at: number, frameStart: number) => void) => {
    requestAnimationFrame((frameStart) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now(), frameStart);
      channel.port2.postMessage(null);
    });
  };
  const check = () => {
    if (state.firstRowPaintedAt === null && document.querySelector(list.rowSelector)) {
      state.firstRowPaintedAt = -1;
      afterPaint((at) => (state.firstRowPaintedAt = at));
    }
    if (state.searchReadyAt === null) {
      const count = document.querySelector(list.countSelector);
      if (count && count.textContent === list.countText) {
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
      // A search box: role="searchbox", or an <input type="search"> (whose implicit role it is).
      const searchBox = target && (target.getAttribute('role') === 'searchbox' || (target instanceof HTMLInputElement && target.type === 'search'));
      if (!searchBox) return;
      if (event.key === 'Control' || event.key === 'Meta' || event.key === 'Shift') return;
      const started = event.timeStamp;
      const key = event.key;
      handledAt = started;
      afterPaint((at, frameStart) => {
        state.keys.push(key);
        state.keystrokes.push(at - started);
        state.keystrokesBusy.push(at - started - Math.max(0, frameStart - handledAt));
        for (const wake of window.__benchSampleWaiters.splice(0)) wake();
      });
    },
    true,
  );

  window.__benchSampleWaiters = [];

  // When the page last finished handling the key (listeners on window run after the app's).
  let handledAt = 0;
  const handled = () => {
    handledAt = performance.now();
  };
  window.addEventListener('keydown', handled);
  window.addEventListener('input', handled);

  // The progress samples are for the first download: once the list is searchable and the
  // indicator says synced, sampling stops, so it never runs beside the search keystrokes.
  const sampler = setInterval(() => {
    const indicator = document.querySelector('[data-testid="sync-indicator"]');
    if (!indicator) return;
    if (state.searchReadyAt !== null && indicator.getAttribute('data-tone') === 'ok') {
      clearInterval(sampler);
      return;
    }
    const bar = document.querySelector('[aria-label="First download progress"]');
    const raw = bar?.getAttribute('aria-valuenow') ?? bar?.querySelector('[aria-valuenow]')?.getAttribute('aria-valuenow') ?? null;
    const detail = bar?.previousElementSibling?.textContent ?? '';
    state.progress.push({ at: performance.now(), label: indicator.getAttribute('aria-label') ?? '', value: raw === null ? null : Number(raw), detail });
  }, 100);
}
