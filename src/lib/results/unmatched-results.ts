/**
 * Results the laboratory sent that matched no order, or did not parse (issue 32's
 * result_inbox_errors): a server-only table (docs/data-model.md), so the dashboard counts the
 * open ones through the Data API while online (staff only, by RLS), and says so offline
 * instead of showing a stale or made-up number. Re-read when the connection comes back and
 * every minute while the page is open.
 */
import { useEffect, useState } from 'react';
import { useSyncStore } from '../../stores/sync-store.ts';

/** The staff's list of them, where they are matched or rejected (issue 32's result queue): the dashboard's figure opens it. */
export const UNMATCHED_RESULTS_PATH = '/results/queue';

const REFRESH_MS = 60_000;

export async function countOpenUnmatchedResults(): Promise<number> {
  const { supabase } = await import('../supabase.ts');
  const { count, error } = await supabase.from('result_inbox_errors').select('id', { count: 'exact', head: true }).eq('status', 'open');
  if (error) throw new Error(error.message);
  return count ?? 0;
}

export type UnmatchedCount = { status: 'counting' } | { status: 'ready'; count: number } | { status: 'offline' } | { status: 'error' };

export function useUnmatchedResultsCount(): UnmatchedCount {
  const online = useSyncStore((state) => state.online);
  const [state, setState] = useState<UnmatchedCount>({ status: 'counting' });
  useEffect(() => {
    if (!online) {
      setState({ status: 'offline' });
      return undefined;
    }
    let stopped = false;
    const read = () =>
      void countOpenUnmatchedResults().then(
        (count) => !stopped && setState({ status: 'ready', count }),
        () => !stopped && setState({ status: 'error' }),
      );
    read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [online]);
  return state;
}
