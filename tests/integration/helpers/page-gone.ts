/**
 * The error a simulated page gets from IndexedDB once it has been ended (page-indexeddb.ts),
 * and a check for it anywhere in an error (Dexie and RxDB wrap it), so the test run can tell
 * a dead page's last failing calls from real unhandled errors.
 */
export const PAGE_GONE = 'The simulated page has gone away';

/** Whether the text appears in the error, its message, stack or nested causes. */
export function mentions(error: unknown, text: string, depth = 0): boolean {
  if (depth > 5 || error === null || error === undefined) return false;
  if (typeof error === 'string') return error.includes(text);
  if (typeof error !== 'object') return false;
  return Object.values(error as Record<string, unknown>).some((value) => mentions(value, text, depth + 1));
}
