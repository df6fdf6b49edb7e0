/**
 * The first page of each list, kept in localStorage per user, so a reload paints rows before
 * the local database has opened and answered (ARCHITECTURE.md budget: first rows within
 * 800 ms of an offline reload). It holds only what a row shows (the list's `slim`) and is
 * replaced by the database's rows as soon as they are read. Signing out clears it with the
 * rest of the user's local data.
 */
import type { IndexedRow } from './search-index.ts';
import { FIRST_PAGE_SIZE, type ListSnapshot } from './list-source.ts';

const PREFIX = 'labdir-first-page:';
/** After a change, the page is saved once the list has been quiet this long (a sync page is many changes). */
const SAVE_DELAY_MS = 1000;

const keyOf = (userId: string, listKey: string) => `${PREFIX}${userId}:${listKey}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The saved first page of a list, or null. */
export function readFirstPage<T>(userId: string, listKey: string): readonly T[] | null {
  try {
    const raw = storage()?.getItem(keyOf(userId, listKey));
    const rows: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(rows) && rows.length > 0 ? (rows as T[]) : null;
  } catch {
    return null;
  }
}

export function saveFirstPage<T>(userId: string, listKey: string, rows: readonly T[], slim: (row: T) => unknown): void {
  try {
    storage()?.setItem(keyOf(userId, listKey), JSON.stringify(rows.slice(0, FIRST_PAGE_SIZE).map(slim)));
  } catch {
    // Full or unavailable storage: the list paints from the database instead.
  }
}

/** Forget a user's saved pages of every list (sign-out). */
export function clearFirstPages(userId: string): void {
  const store = storage();
  if (!store) return;
  const prefix = `${PREFIX}${userId}:`;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

export interface SavableList<T extends IndexedRow> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ListSnapshot<T>;
}

/** Saves the list's first page whenever its searchable list is (re)built, a second after the last change. */
export function keepFirstPageSaved<T extends IndexedRow>(userId: string, listKey: string, source: SavableList<T>, slim: (row: T) => unknown): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let savedVersion = -1;
  const save = () => {
    timer = null;
    const { index, version } = source.getSnapshot();
    if (!index || version === savedVersion) return;
    savedVersion = version;
    saveFirstPage(userId, listKey, index.rows(), slim);
  };
  const unsubscribe = source.subscribe(() => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  if (source.getSnapshot().index) timer = setTimeout(save, SAVE_DELAY_MS);
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
