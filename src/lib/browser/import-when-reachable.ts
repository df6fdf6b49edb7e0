/**
 * Loads a chunk of the app's code, and when it cannot be fetched, tries again once the
 * browser is back online (or after a backoff, when it says it is online but the fetch
 * failed anyway). A chunk the service worker does not hold yet (the first seconds on a
 * device) cannot load offline. For the parts of the app shell that every page mounts (the
 * toaster, the update prompt, the session-end watcher), a failed import would throw in
 * React with no page around it and leave a blank screen; loaded this way they wait for the
 * connection instead, and appear with it.
 */

export interface RetryWait {
  /** Resolves on the next `online` event, or after `ms`, whichever comes first. */
  (ms: number): Promise<void>;
}

export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 60_000;

function browserWait(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      if (typeof window !== 'undefined') window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (typeof window !== 'undefined') window.addEventListener('online', done);
  });
}

export function importWhenReachable<T>(load: () => Promise<T>, wait: RetryWait = browserWait): Promise<T> {
  return new Promise<T>((resolve) => {
    const attempt = (delay: number) => {
      load().then(resolve, (error: unknown) => {
        console.warn('[app] a part of the app could not be loaded; trying again when the connection is back', error);
        void wait(delay).then(() => attempt(Math.min(delay * 2, MAX_RETRY_MS)));
      });
    };
    attempt(FIRST_RETRY_MS);
  });
}
