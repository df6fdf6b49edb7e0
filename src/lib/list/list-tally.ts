/**
 * Counts over a list (issue 27's dashboard figures): how many rows of a list's in-memory
 * index each figure's rule accepts. The index is the one the list page itself shows (the
 * shared list cache, kept current from the change stream), so a figure and the list it
 * links to count the same rows, offline too, and nothing reads the database to count.
 *
 * Rows are immutable: a change of the database replaces a row object in the index. So what
 * each row matched is remembered per row object (a bit mask in a WeakMap): after a change,
 * only the replaced rows run the rules again, and a recount is one pass of mask lookups
 * (50,000 rows: a few milliseconds), once per version of the index, never per render.
 */
import { useMemo } from 'react';
import type { SearchIndex, IndexedRow } from './search-index.ts';

export type TallyCounts<K extends string> = Readonly<Record<K, number>>;

export interface Tally<T extends IndexedRow, K extends string> {
  count(rows: readonly T[]): TallyCounts<K>;
}

/** A counter for these rules; keep one per set of rules (the remembered masks belong to it). */
export function createTally<T extends IndexedRow, K extends string>(rules: Readonly<Record<K, (row: T) => boolean>>): Tally<T, K> {
  const names = Object.keys(rules) as K[];
  if (names.length > 31) throw new Error('A tally counts at most 31 figures.');
  const predicates = names.map((name) => rules[name]);
  const masks = new WeakMap<T, number>();
  const maskOf = (row: T): number => {
    let mask = masks.get(row);
    if (mask === undefined) {
      mask = 0;
      for (let i = 0; i < predicates.length; i++) if ((predicates[i] as (row: T) => boolean)(row)) mask |= 1 << i;
      masks.set(row, mask);
    }
    return mask;
  };
  return {
    count(rows) {
      const totals = new Array<number>(names.length).fill(0);
      for (const row of rows) {
        const mask = maskOf(row);
        if (mask === 0) continue;
        for (let i = 0; i < names.length; i++) if (mask & (1 << i)) totals[i] = (totals[i] as number) + 1;
      }
      const counts = {} as Record<K, number>;
      names.forEach((name, i) => (counts[name] = totals[i] as number));
      return counts;
    },
  };
}

/**
 * The figures of a list's index, recounted when the index changes (its version); null until
 * the whole list is there (a first page would undercount).
 */
export function useListTally<T extends IndexedRow, K extends string>(
  list: { index: SearchIndex<T> | null; version: number },
  tally: Tally<T, K>,
): (TallyCounts<K> & { total: number }) | null {
  const { index, version } = list;
  return useMemo(
    () => (index ? { ...tally.count(index.rows()), total: index.size } : null),
    // The version tells a changed index (the object stays the same).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, version, tally],
  );
}
