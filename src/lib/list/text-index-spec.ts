/**
 * The IndexSpec most lists need, from three plain functions: which rows belong (the scope),
 * the texts a row sorts by (compared in order, normalised with searchKey, then the id), and
 * the texts it is searched by. The provider lists have a hand-tuned spec of their own
 * (features/providers/model/search-text.ts); every other list starts here.
 */
import { joinHaystack, searchKey } from './search-key.ts';
import type { IndexSpec, IndexedRow } from './search-index.ts';

export interface TextSortKeys {
  /** The normalised sort texts, in order of precedence. */
  texts: string[];
  id: string;
}

export interface TextIndexOptions<T> {
  /** Rows of this list (default: every row). */
  includes?: (row: T) => boolean;
  /** What a row sorts by, most significant first (e.g. [legal name]; [last, first]). */
  sortText: (row: T) => ReadonlyArray<string | null | undefined>;
  /** What a query matches, as substrings of any one field (e.g. [name, DBA, NPI, city]). */
  searchText: (row: T) => ReadonlyArray<string | null | undefined>;
  /** Each query word matches on its own, in any field (IndexSpec.matchWords). */
  matchWords?: boolean;
}

/** Orders by each sort text (plain code-unit order of the normalised texts), then by id. */
export function compareTextSortKeys(a: TextSortKeys, b: TextSortKeys): number {
  const length = Math.max(a.texts.length, b.texts.length);
  for (let i = 0; i < length; i++) {
    const left = a.texts[i] ?? '';
    const right = b.texts[i] ?? '';
    if (left !== right) return left < right ? -1 : 1;
  }
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

const everyRow = () => true;

export function textIndexSpec<T extends IndexedRow>(options: TextIndexOptions<T>): IndexSpec<T, TextSortKeys> {
  const { sortText, searchText } = options;
  return {
    includes: options.includes ?? everyRow,
    sortKeys: (row) => ({ texts: sortText(row).map(searchKey), id: row.id }),
    compare: compareTextSortKeys,
    haystack: (_keys, row) => joinHaystack(searchText(row)),
    matchWords: options.matchWords ?? false,
  };
}
