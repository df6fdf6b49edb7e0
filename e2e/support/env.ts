/** Where the app's local stack is (set by playwright.config.ts) and its well-known keys. */
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';

export const STACK_URL = process.env.E2E_STACK_URL ?? 'http://127.0.0.1:54391';
export { ANON_KEY, SERVICE_ROLE_KEY };

/**
 * For journeys that never load a page offline: no service worker. A new context's worker
 * precaches every route's code (about 340 files) while the page runs its first download,
 * and on these 2-core machines that made each sign-in's "Up to date" about 5 s later
 * (10 s → 15 s, three runs each). The journeys of the worker itself (new device, offline,
 * reloads offline, PWA, crash safety, patients and orders offline) keep it.
 * Use: `test.use(WITHOUT_SERVICE_WORKER);` at the top of the spec.
 */
export const WITHOUT_SERVICE_WORKER = { serviceWorkers: 'block' } as const;
