/**
 * When the user last did something (issue 25: the app locks after a period without
 * input). Input anywhere in any tab of the browser counts: pointer, keyboard, wheel and
 * touch events move a timestamp shared through localStorage (written at most every few
 * seconds); a timer, and the page coming back into view (a laptop waking), compare it with
 * the timeout and lock once it has passed.
 */
import type { KeyValueStorage } from '../../stores/session-types.ts';
import { readActivity, writeActivity } from './lock-storage.ts';

export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** Activity is written at most this often (pointer moves are many). */
export const ACTIVITY_WRITE_MS = 5_000;
/** How often the idle time is checked. */
export const IDLE_CHECK_MS = 10_000;

export interface IdleWatchOptions {
  userId: string;
  storage: KeyValueStorage;
  timeoutMs: () => number;
  onIdle: () => void;
  now?: () => number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/** Whether the user has been idle for the timeout (last activity from this tab or another). */
export function idleFor(lastActivity: number | null, now: number, timeoutMs: number): boolean {
  return lastActivity !== null && now - lastActivity >= timeoutMs;
}

export function startIdleWatch(options: IdleWatchOptions): () => void {
  const now = options.now ?? (() => Date.now());
  const target = options.target ?? window;
  const doc = options.document ?? document;
  let lastWrite = 0;

  const record = () => {
    const at = now();
    if (at - lastWrite < ACTIVITY_WRITE_MS) return;
    lastWrite = at;
    writeActivity(options.storage, options.userId, at);
  };
  const check = () => {
    if (idleFor(readActivity(options.storage, options.userId), now(), options.timeoutMs())) options.onIdle();
  };
  const onVisible = () => {
    if (doc.visibilityState === 'visible') check();
  };

  // A session that starts now starts active (an old timestamp from an earlier visit is checked first).
  check();
  record();
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, record, { capture: true, passive: true });
  doc.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(check, IDLE_CHECK_MS);
  return () => {
    clearInterval(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, record, { capture: true });
    doc.removeEventListener('visibilitychange', onVisible);
  };
}
