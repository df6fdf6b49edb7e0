/**
 * Fetches a lazily loaded part of the shell once the browser is idle after the first paint
 * (as AfterFirstPaint renders its children): code every page may need at any moment, offline
 * too (the lock screen, the sign-out warning), but not for its first paint.
 */
export function preloadWhenIdle(load: () => Promise<unknown>): () => void {
  const run = () => void load().catch(() => undefined);
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}
