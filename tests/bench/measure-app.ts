/**
 * The local-first figures, measured in the real app build in headless Chromium (the first
 * sync is measure-first-sync.ts): the JS heap after it, the JavaScript loaded before the
 * first paint, reloads while offline (service worker +
 * IndexedDB) and the keystroke-to-paint latency of the provider search.
 */
import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ProbeState } from './page-probes.ts';
import type { SampleProvider } from './search-script.ts';

export const STAFF = { email: 'staff@demo-lab.test', password: 'demo-staff-2026' };

export interface AppTarget {
  appUrl: string;
  buildDir: string;
  /** Providers in the database, as the list's count says it ("50,000 providers"). */
  providers: number;
  /** Real providers of the database, to search for. */
  samples: readonly SampleProvider[];
}

export function countText(providers: number): string {
  return `${providers.toLocaleString('en-US')} ${providers === 1 ? 'provider' : 'providers'}`;
}

export async function probe(page: Page): Promise<ProbeState> {
  return page.evaluate(() => window.__bench);
}

export async function waitFor<T>(page: Page, what: string, read: (state: ProbeState) => T | null, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read(await probe(page));
    if (value !== null) return value;
    if (Date.now() > deadline) {
      const shot = path.join(os.tmpdir(), `bench-timeout-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      const count = await page.getByTestId('provider-count').textContent({ timeout: 1000 }).catch(() => null);
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} on ${page.url()} (count "${count}", screenshot ${shot})`);
    }
    await page.waitForTimeout(50);
  }
}

export const painted = (value: number | null) => (value !== null && value >= 0 ? value : null);

/** When the sync indicator changed its label, relative to `from` (for profiling). */
export function labelChanges(state: ProbeState, from: number): string {
  return state.progress
    .filter((sample, i) => i === 0 || sample.label !== state.progress[i - 1]!.label)
    .map((sample) => `${(sample.at - from).toFixed(0)}ms ${sample.label}`)
    .join(' | ');
}

/** Used JS heap after a full garbage collection, in MB. */
export async function measureHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usage.usedSize / 1024 / 1024;
}

/** The page's JavaScript files (path, request start, answer end) that had arrived by `untilMs`. */
async function scriptsAnsweredBy(page: Page, untilMs: number): Promise<Array<{ pathname: string; start: number; end: number }>> {
  return page.evaluate(
    (until) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((entry) => ({ pathname: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd }))
        .filter((script) => script.pathname.endsWith('.js') && script.end <= until),
    untilMs,
  );
}

/** gzip size of the build's JS files that finished loading before first-contentful-paint. */
export async function jsBeforeFirstPaint(page: Page, buildDir: string): Promise<{ kb: number; files: number; fcpMs: number }> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 30_000 });
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
  const scripts = new Set((await scriptsAnsweredBy(page, fcp)).map((script) => script.pathname));
  let bytes = 0;
  if (process.env.BENCH_DEBUG) console.log(`JS before FCP (${fcp.toFixed(0)} ms) on ${page.url()}: ${[...scripts].join(' ')}`);
  for (const pathname of scripts) {
    const file = path.join(buildDir, pathname);
    if (fs.existsSync(file)) bytes += gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return { kb: bytes / 1024, files: scripts.size, fcpMs: fcp };
}

export interface OfflineReloadFigures {
  firstRowsMs: number;
  searchReadyMs: number;
}

/** Reload the signed-in page with no network: the service worker and IndexedDB serve it. */
export async function measureOfflineReload(page: Page): Promise<OfflineReloadFigures> {
  await page.context().setOffline(true);
  const browser = page.context().browser()!;
  const tracing = process.env.BENCH_PROFILE ? browser.startTracing(page, { categories: TRACE_CATEGORIES }) : null;
  await tracing;
  const profiling = process.env.BENCH_PROFILE && CPU_SAMPLING ? await startCpuProfile(page, 200) : null;
  await page.reload();
  const firstRowsMs = await waitFor(page, 'first rows offline', (s) => painted(s.firstRowPaintedAt), 60_000);
  const searchReadyMs = await waitFor(page, 'search ready offline', (s) => painted(s.searchReadyAt), 120_000);
  if (tracing) {
    const file = path.join(process.env.BENCH_PROFILE!, `offline-reload-${Date.now()}.trace.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await browser.stopTracing());
    console.log(`offline reload trace: ${file}`);
    await profiling?.stop(file.replace(/\.trace\.json$/, '.cpuprofile'));
  }
  if (process.env.BENCH_DEBUG) {
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
    // What a user typing at once would wait for: the page's long tasks in the 2 s after search-ready.
    await page.waitForTimeout(2000);
    const state = await probe(page);
    const after = state.longTasks.filter((task) => task.at >= searchReadyMs).map((task) => `${task.ms.toFixed(0)} ms at ${task.at.toFixed(0)}`);
    console.log(`offline reload: FCP ${fcp.toFixed(0)} ms, first rows ${firstRowsMs.toFixed(0)}, ready ${searchReadyMs.toFixed(0)}; long tasks after: ${after.join(', ') || 'none'}; ${labelChanges(state, 0)}`);
    console.log(`  JS before first rows: ${await scriptWaves(page, firstRowsMs)}`);
  }
  return { firstRowsMs, searchReadyMs };
}

/** A new wave of script requests starts this long after the previous request. */
const WAVE_GAP_MS = 50;
/** Waves of at most this many files are listed by name. */
const SMALL_WAVE = 5;

/**
 * The page's JavaScript requests that were answered before `untilMs`, in waves (requests
 * that went out together): e.g. the entry's files, then the page's lazy code once the entry
 * has run, then what the page loads after its session is known. When each wave went out and
 * when its last file arrived shows what the first rows waited for.
 */
async function scriptWaves(page: Page, untilMs: number): Promise<string> {
  const requests = await scriptsAnsweredBy(page, untilMs);
  requests.sort((a, b) => a.start - b.start);
  const waves: Array<{ files: string[]; first: number; last: number; answered: number }> = [];
  for (const request of requests) {
    const wave = waves.at(-1);
    const file = request.pathname.split('/').at(-1)!;
    if (wave && request.start - wave.last <= WAVE_GAP_MS) {
      wave.files.push(file);
      wave.last = request.start;
      wave.answered = Math.max(wave.answered, request.end);
    } else {
      waves.push({ files: [file], first: request.start, last: request.start, answered: request.end });
    }
  }
  const ms = (value: number) => value.toFixed(0);
  // A small wave is named: a late one is usually a single lazy module the rows waited for.
  const named = (files: string[]) => (files.length <= SMALL_WAVE ? ` (${files.join(', ')})` : '');
  return (
    waves
      .map((wave) => `${wave.files.length} ${wave.files.length === 1 ? 'file' : 'files'}${named(wave.files)} requested at ${ms(wave.first)}–${ms(wave.last)} ms, answered by ${ms(wave.answered)} ms`)
      .join('; ') || 'none'
  );
}

export interface SearchFigures {
  keystrokes: number;
  /** Keystroke to paint, as the user sees it (with the wait for the display's next frame). */
  p50: number;
  p95: number;
  max: number;
  /** The same without the idle wait for the next frame: the app's own time (the budget). */
  busy: { p50: number; p95: number; max: number };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** What a search phase types, and the list count it must end on (the whole list). */
export interface SearchScript {
  keys: readonly string[];
  countTestId: string;
  /** The count's text for the whole list, e.g. "50,000 providers". */
  countText: string;
  /** Names the profile files (BENCH_PROFILE). */
  label: string;
}

/** Types realistic queries into the page's search box; each keystroke timed to the next paint. */
export async function measureSearch(page: Page, script: SearchScript): Promise<SearchFigures> {
  // A style change to compare (run-bench.ts).
  if (process.env.BENCH_EXTRA_CSS) await page.addStyleTag({ content: process.env.BENCH_EXTRA_CSS });
  const box = page.getByRole('searchbox');
  await box.click();
  await page.evaluate(() => {
    window.__bench.keystrokes = [];
    window.__bench.keystrokesBusy = [];
    window.__bench.keys = [];
  });
  const keys = script.keys;
  const profiling = process.env.BENCH_PROFILE ? await startSearchProfile(page) : null;
  for (const [before, key] of keys.entries()) {
    // Waits in the page for the sample instead of polling the probe's state from here: each
    // poll would serialize it on the page's main thread, beside the keystrokes it times.
    // (Every key gives one sample: a chord's modifier is not timed.)
    const sampled = page.evaluate(
      ({ key, before }) =>
        new Promise<void>((resolve, reject) => {
          const check = () => (window.__bench.keystrokes.length > before ? resolve() : window.__benchSampleWaiters.push(check));
          check();
          setTimeout(() => reject(new Error(`Timed out after 10000 ms waiting for the keystroke "${key}" to paint`)), 10_000);
        }),
      { key, before },
    );
    await page.keyboard.press(key);
    await sampled;
    // People type a few characters a second; leave the page idle between keys.
    await page.waitForTimeout(40);
  }
  if (profiling) await profiling.stop(path.join(process.env.BENCH_PROFILE!, script.label));
  // A list that renders its results from a deferred value (the patients') may paint the
  // emptied box a frame before the whole list: give it a moment.
  const whole = script.countText.split(' ')[0]!;
  const ended = await page
    .waitForFunction(({ testId, whole }) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.includes(whole) ?? false, { testId: script.countTestId, whole }, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!ended) throw new Error(`The search did not end on the whole list: "${await page.getByTestId(script.countTestId).textContent()}", not "${script.countText}"`);
  const state = await probe(page);
  if (process.env.BENCH_DEBUG) console.log(state.keys.map((key, i) => `${key}:${state.keystrokes[i]!.toFixed(0)}/${state.keystrokesBusy[i]!.toFixed(0)}`).join(' '));
  const samples = [...state.keystrokes].sort((a, b) => a - b);
  const busy = [...state.keystrokesBusy].sort((a, b) => a - b);
  return {
    keystrokes: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples.at(-1) ?? Number.NaN,
    busy: { p50: percentile(busy, 50), p95: percentile(busy, 95), max: busy.at(-1) ?? Number.NaN },
  };
}

/** Whether a profiled reload or search is also sampled by the CPU profiler (run-bench.ts: BENCH_TRACE_ONLY). */
const CPU_SAMPLING = !process.env.BENCH_TRACE_ONLY;

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing', 'v8.execute'];

/** A CPU profile (of a whole first sync, a trace would be too large to open). */
export async function startCpuProfile(page: Page, intervalMicros: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalMicros });
  await cdp.send('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile: ${file}`);
      await cdp.detach();
    },
  };
}

/**
 * BENCH_PROFILE=<folder>: records a CPU profile (.cpuprofile) of the first sync; a Chromium
 * trace and a CPU profile of each offline reload; and of the search phase a Chromium trace
 * (open it in DevTools' Performance panel) and a CPU profile, to find where a slow
 * keystroke's time goes. Build with BENCH_UNMINIFIED=1 to read function names. The profiler
 * slows the page: profiled runs' figures are for finding causes, not for reporting.
 */
async function startSearchProfile(page: Page) {
  const browser = page.context().browser()!;
  const cdp = await page.context().newCDPSession(page);
  if (CPU_SAMPLING) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  }
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  if (CPU_SAMPLING) await cdp.send('Profiler.start');
  return {
    async stop(base: string) {
      const profile = CPU_SAMPLING ? (await cdp.send('Profiler.stop')).profile : null;
      const trace = await browser.stopTracing();
      fs.mkdirSync(path.dirname(base), { recursive: true });
      if (profile) fs.writeFileSync(`${base}.cpuprofile`, JSON.stringify(profile));
      fs.writeFileSync(`${base}.trace.json`, trace);
      console.log(`search profile: ${profile ? `${base}.cpuprofile and ` : ''}${base}.trace.json`);
      await cdp.detach();
    },
  };
}
