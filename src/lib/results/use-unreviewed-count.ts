/**
 * The count beside "Results" in the navigation (issue 32): the results on this device not yet
 * signed off; and, for a provider's dashboard (issue 27), those nobody has opened yet (unread:
 * not seen, which a sign-off also stamps). Results live in the protected database, so the count is read while it is open
 * (after the password) and kept current from its change stream; while it is locked the last
 * count stays. The data layer is loaded on demand, as on every page.
 */
import { useEffect, useState } from 'react';
import type { Subscription } from 'rxjs';

export interface ResultCounts {
  unreviewed: number;
  unread: number;
}

let lastCount: ResultCounts | null = null;

/** The counts of the results on this device (null until the protected database has been open once). */
export function useResultCounts(): ResultCounts | null {
  const [count, setCount] = useState<ResultCounts | null>(lastCount);
  useEffect(() => {
    let stopped = false;
    let state: Subscription | null = null;
    let changes: Subscription | null = null;
    void import('../../db/index.ts').then((data) => {
      if (stopped) return;
      state = data.protectedData$.subscribe((protectedState) => {
        changes?.unsubscribe();
        changes = null;
        const db = protectedState.status === 'open' ? protectedState.db : null;
        if (!db) return;
        const read = () =>
          void data
            .readAllResults(db)
            .then((results) => {
              lastCount = {
                unreviewed: results.filter((result) => result.reviewed_at === null).length,
                unread: results.filter((result) => result.seen_at === null && result.reviewed_at === null).length,
              };
              if (!stopped) setCount(lastCount);
            })
            .catch(() => undefined);
        read();
        changes = db.results.eventBulks$.subscribe(read);
      });
    });
    return () => {
      stopped = true;
      state?.unsubscribe();
      changes?.unsubscribe();
    };
  }, []);
  return count;
}

export function useUnreviewedResultsCount(): number | null {
  return useResultCounts()?.unreviewed ?? null;
}
