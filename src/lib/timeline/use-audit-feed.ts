/**
 * The audit feed for a page (issue 27): what this device kept, at once (offline too), then
 * the newest page from the server, older pages on request, and every 1.5 s while the page
 * is visible and online the entries newer than the newest shown (another user's edit shows
 * within two seconds). Everything loaded is kept on the device (src/db/audit-cache.ts), the
 * entries about patients only sealed.
 * When more cannot be loaded, the state says why, in words the page shows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { cacheAuditEntries, readCachedAuditEntries } from '../../db/index.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { useLocalDatabase } from '../local-data/use-local-database.ts';
import { fetchAuditPage } from './audit-api.ts';
import { isPatientAuditEntry, type AuditEntry } from './audit-entry.ts';
import { AUDIT_PAGE_SIZE, matchesAuditFilters, type AuditFilters } from './audit-query.ts';

export const POLL_INTERVAL_MS = 1500;

export const CANNOT_LOAD_OFFLINE = 'You are offline. This shows what this device loaded before; older entries load when you are back online.';
export const CANNOT_LOAD_FAILED = 'Older entries could not be loaded from the server. Try again.';
export const END_OF_TIMELINE = 'This is the beginning of the timeline: there is nothing older.';

export interface AuditFeed {
  entries: readonly AuditEntry[];
  /** True until the first answer (kept entries or the server's). */
  loading: boolean;
  /** True while older entries are being fetched. */
  loadingMore: boolean;
  /** The server has nothing older than the last entry shown. */
  exhausted: boolean;
  /** Why more cannot be loaded right now (offline, or the server failed), or null. */
  problem: string | null;
  loadMore: () => void;
}

function mergeEntries(current: readonly AuditEntry[], incoming: readonly AuditEntry[]): AuditEntry[] {
  const byId = new Map<number, AuditEntry>();
  for (const entry of current) byId.set(entry.id, entry);
  for (const entry of incoming) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

export function useAuditFeed(filters: AuditFilters): AuditFeed {
  const db = useLocalDatabase();
  const online = useSyncStore((state) => state.online);
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [exhausted, setExhausted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const key = JSON.stringify(filters);
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  // The newest page has been fetched for these filters (until then "load more" means "load the first page").
  const fetchedFirst = useRef(false);

  const keep = useCallback(
    (incoming: readonly AuditEntry[]) => {
      if (incoming.length === 0) return;
      setEntries((current) => mergeEntries(current, incoming));
      if (db) void cacheAuditEntries(db, incoming, isPatientAuditEntry);
    },
    [db],
  );

  const fetchOlder = useCallback(
    async (filtersNow: AuditFilters) => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setProblem(CANNOT_LOAD_OFFLINE);
        return;
      }
      setLoadingMore(true);
      try {
        const oldest = fetchedFirst.current ? entriesRef.current[entriesRef.current.length - 1]?.id : undefined;
        const page = await fetchAuditPage(filtersNow, oldest === undefined ? {} : { before: oldest });
        fetchedFirst.current = true;
        keep(page);
        setExhausted(page.length < AUDIT_PAGE_SIZE);
        setProblem(null);
      } catch {
        setProblem(typeof navigator !== 'undefined' && navigator.onLine === false ? CANNOT_LOAD_OFFLINE : CANNOT_LOAD_FAILED);
      } finally {
        setLoadingMore(false);
        setLoading(false);
      }
    },
    [keep],
  );

  // The filters changed: what the device kept, then the newest page from the server.
  useEffect(() => {
    const filtersNow = JSON.parse(key) as AuditFilters;
    let cancelled = false;
    fetchedFirst.current = false;
    setEntries([]);
    setExhausted(false);
    setProblem(null);
    setLoading(true);
    void (async () => {
      if (db) {
        const kept = (await readCachedAuditEntries<AuditEntry>(db, isPatientAuditEntry)).filter((entry) => matchesAuditFilters(entry, filtersNow));
        if (cancelled) return;
        setEntries(kept);
        if (kept.length > 0) setLoading(false);
      }
      if (!cancelled) await fetchOlder(filtersNow);
    })();
    return () => {
      cancelled = true;
    };
  }, [key, db, fetchOlder]);

  // Newer entries, every 1.5 s while visible and online.
  useEffect(() => {
    if (!online) return undefined;
    const filtersNow = JSON.parse(key) as AuditFilters;
    let running = false;
    const timer = setInterval(() => {
      if (running || document.visibilityState !== 'visible' || !fetchedFirst.current) return;
      running = true;
      const newest = entriesRef.current[0]?.id;
      fetchAuditPage(filtersNow, newest === undefined ? {} : { after: newest }, AUDIT_PAGE_SIZE)
        .then(keep)
        .catch(() => {})
        .finally(() => {
          running = false;
        });
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [online, key, keep]);

  // Back online after a failure: try again.
  useEffect(() => {
    if (online && problem === CANNOT_LOAD_OFFLINE) void fetchOlder(JSON.parse(key) as AuditFilters);
  }, [online]); // eslint-disable-line react-hooks/exhaustive-deps

  const loadMore = useCallback(() => void fetchOlder(JSON.parse(key) as AuditFilters), [fetchOlder, key]);
  return { entries, loading, loadingMore, exhausted, problem, loadMore };
}
