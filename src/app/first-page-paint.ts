/**
 * When the first signed-in page has painted. Opening the local database (RxDB, Dexie, the
 * collections and their first queries) is main-thread work that, started as soon as the
 * session is known, ran interleaved with the first render of the page and delayed its paint;
 * the list's first rows do not need it (they come from the page saved at the last visit,
 * first-page-snapshot.ts). So the database opens once the page is on screen, or after
 * `maxWaitMs` on pages that never report (ARCHITECTURE.md budget: first rows of an offline
 * reload within 800 ms).
 */
import { afterNextPaint } from '../lib/browser/after-first-paint.ts';

let reportPainted: () => void = () => {};
const painted = new Promise<void>((resolve) => (reportPainted = resolve));

/** Called once the page's first render is committed; `afterFirstPagePaint` resolves after the frame that paints it. */
export function pageCommitted(): void {
  afterNextPaint(reportPainted);
}

/** Resolves when the first page has painted, or after `maxWaitMs`, whichever comes first. */
export function afterFirstPagePaint(maxWaitMs: number): Promise<void> {
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}
