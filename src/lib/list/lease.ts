/**
 * A shared list is kept while some view uses it and disposed a while after the last one
 * leaves (a view that comes back soon finds it ready). The directory's list cache and the
 * protected lists count their users the same way.
 */
export interface LeasedEntry {
  users: number;
  expiry: ReturnType<typeof setTimeout> | null;
}

/** Counts one more user of `entry`; the returned release (idempotent) runs `onIdle` `ttlMs` after the last user left. */
export function leaseEntry(entry: LeasedEntry, onIdle: () => void, ttlMs: number): () => void {
  entry.users += 1;
  if (entry.expiry) clearTimeout(entry.expiry);
  entry.expiry = null;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.expiry = setTimeout(onIdle, ttlMs);
  };
}
