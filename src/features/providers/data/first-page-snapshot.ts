/**
 * The first page of each list, kept in localStorage per user, so a reload paints rows before
 * the local database has opened and answered (ARCHITECTURE.md budget: first rows within
 * 800 ms of an offline reload). It holds only what a row shows (the PECOS evidence reduced
 * to the Medicare ordering answer) and is replaced by the database's rows as soon as they
 * are read. Signing out clears it with the rest of the user's local data.
 */
import { medicareLabOrdering } from '../model/pecos-status.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { FIRST_PAGE_SIZE, type ListProvider, type ListSnapshot } from './provider-list-source.ts';

const PREFIX = 'labdir-first-page:';
/** After a change, the page is saved once the list has been quiet this long (a sync page is many changes). */
const SAVE_DELAY_MS = 1000;

const keyOf = (userId: string, scope: ProviderSearchScope) => `${PREFIX}${userId}:${scope}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A row reduced to what the list shows. */
export function slimRow(row: ListProvider): Partial<ListProvider> {
  const ordering = medicareLabOrdering(row);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    credential: row.credential,
    nickname: row.nickname,
    email: row.email,
    npi: row.npi,
    taxonomy_description: row.taxonomy_description,
    is_active: row.is_active,
    pecos_verified: row.pecos_verified,
    pecos_verification_date: row.pecos_verification_date,
    pecos_verification_data: ordering === 'unknown' ? null : { npi: row.npi, can_order_part_b: ordering === 'yes' },
  };
}

/** The saved first page of a list, or null. */
export function readFirstPage(userId: string, scope: ProviderSearchScope): readonly ListProvider[] | null {
  try {
    const raw = storage()?.getItem(keyOf(userId, scope));
    const rows: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(rows) && rows.length > 0 ? (rows as ListProvider[]) : null;
  } catch {
    return null;
  }
}

export function saveFirstPage(userId: string, scope: ProviderSearchScope, rows: readonly ListProvider[]): void {
  try {
    storage()?.setItem(keyOf(userId, scope), JSON.stringify(rows.slice(0, FIRST_PAGE_SIZE).map(slimRow)));
  } catch {
    // Full or unavailable storage: the list paints from the database instead.
  }
}

/** Forget a user's saved pages (sign-out). */
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

/** Saves the list's first page whenever its searchable list is (re)built, a second after the last change. */
export function keepFirstPageSaved(
  userId: string,
  source: { scope: ProviderSearchScope; subscribe(listener: () => void): () => void; getSnapshot(): ListSnapshot },
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let savedVersion = -1;
  const save = () => {
    timer = null;
    const { index, version } = source.getSnapshot();
    if (!index || version === savedVersion) return;
    savedVersion = version;
    saveFirstPage(userId, source.scope, index.rows());
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
