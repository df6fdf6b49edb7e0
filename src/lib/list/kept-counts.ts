/**
 * A dashboard card's figures as they were at the last visit, kept per user in localStorage,
 * so an offline reload paints the figures at once (issue 27: under a second at 50,000
 * providers) instead of after the whole list has been read back and counted (3.7 s there).
 * The live counts replace them as soon as the list is counted, and are kept again for the
 * next visit. Figures whose rules move with the date (90-day and one-year checks) are only
 * reused on the day they were counted. Signing out clears them with the user's other data.
 */
import { useEffect, useMemo } from 'react';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';

const PREFIX = 'labdir-kept-counts:';

type Counts = Readonly<Record<string, number>>;

interface KeptRecord {
  day: string;
  counts: Counts;
}

const keyOf = (userId: string, name: string) => `${PREFIX}${userId}:${name}`;
const today = () => new Date().toDateString();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isCounts(value: unknown): value is Counts {
  return typeof value === 'object' && value !== null && Object.values(value).every((count) => Number.isInteger(count) && (count as number) >= 0);
}

/** The counts kept today under this name, or null. */
export function readKeptCounts<C extends Counts>(userId: string, name: string, day = today()): C | null {
  try {
    const raw = storage()?.getItem(keyOf(userId, name));
    const record = raw ? (JSON.parse(raw) as Partial<KeptRecord>) : null;
    return record && record.day === day && isCounts(record.counts) ? (record.counts as C) : null;
  } catch {
    return null;
  }
}

export function keepCounts(userId: string, name: string, counts: Counts, day = today()): void {
  try {
    storage()?.setItem(keyOf(userId, name), JSON.stringify({ day, counts } satisfies KeptRecord));
  } catch {
    // Full or unavailable storage: the next visit counts before it paints, as without this.
  }
}

/** Forget every figure kept for a user (sign-out). */
export function clearKeptCounts(userId: string): void {
  const store = storage();
  if (!store) return;
  const prefix = keyOf(userId, '');
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

/**
 * The live counts once there are some; until then, those kept at the last visit today.
 * Live counts are kept for the next visit as soon as they change: a few numbers, written
 * once per version of the list (not per render), so a reload right after still finds them.
 */
export function useKeptCounts<C extends Counts>(name: string, live: C | null): C | null {
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const kept = useMemo(() => (userId ? readKeptCounts<C>(userId, name) : null), [userId, name]);
  useEffect(() => {
    if (userId && live) keepCounts(userId, name, live);
  }, [userId, name, live]);
  return live ?? kept;
}
