/**
 * ICD-10-CM search on the device, instant at a full release (about 75,000 codes): by code
 * (with or without the dot: a prefix of the code) or by words (every word must appear in
 * the description). Only billable codes can be chosen for an order; a header code lists
 * the billable codes under it. Built once per published version, never per keystroke.
 */
import { formatIcd10cm, normalizeIcd10cm } from '../lab/icd10cm.ts';
import type { Icd10cmData } from '../lab/reference-types.ts';

export interface Icd10cmItem {
  /** Without the dot: `E119`. */
  code: string;
  /** As shown: `E11.9`. */
  dotted: string;
  billable: boolean;
  short: string;
  long: string;
}

export interface Icd10cmIndex {
  readonly size: number;
  get(code: string): Icd10cmItem | null;
  /** True when the code exists and is billable (may be put on an order). */
  isChoosable(code: string): boolean;
  /** Matches by code prefix or by words, exact code first, billable before headers. */
  search(query: string, limit?: number): Icd10cmItem[];
  /** The billable codes under a header (the code itself when it is billable). */
  billableUnder(code: string): Icd10cmItem[];
  /** The nearest header above a code (E11.9 → E11), or null at the top. */
  parentOf(code: string): Icd10cmItem | null;
}

const CODE_QUERY = /^[a-z][0-9][0-9a-z.]*$/i;

export function buildIcd10cmIndex(data: Icd10cmData): Icd10cmIndex {
  const items: Icd10cmItem[] = data.codes.map(([code, billable, short, long]) => ({ code, dotted: formatIcd10cm(code), billable: billable === 1, short, long }));
  const byCode = new Map(items.map((item) => [item.code, item]));
  const haystacks = items.map((item) => `${item.dotted} ${item.long} ${item.short}`.toLowerCase());
  const sorted = [...items].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

  /** The items whose code starts with the prefix (binary search over the sorted codes). */
  function withPrefix(prefix: string): Icd10cmItem[] {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]!.code < prefix) low = middle + 1;
      else high = middle;
    }
    const found: Icd10cmItem[] = [];
    for (let index = low; index < sorted.length && sorted[index]!.code.startsWith(prefix); index += 1) found.push(sorted[index]!);
    return found;
  }

  const rank = (query: string) => (item: Icd10cmItem) => (item.code === query ? 0 : item.billable ? 1 : 2);

  return {
    size: items.length,
    get: (code) => byCode.get(normalizeIcd10cm(code)) ?? null,
    isChoosable: (code) => byCode.get(normalizeIcd10cm(code))?.billable === true,
    search(query, limit = 50) {
      const text = query.trim().toLowerCase();
      if (text === '') return [];
      if (CODE_QUERY.test(text)) {
        const code = normalizeIcd10cm(text);
        const order = rank(code);
        return withPrefix(code)
          .map((item, index) => ({ item, index }))
          .sort((a, b) => order(a.item) - order(b.item) || a.index - b.index)
          .slice(0, limit)
          .map(({ item }) => item);
      }
      const words = text.split(/[\s,;()/]+/).filter((word) => word !== '');
      const found: Icd10cmItem[] = [];
      const headers: Icd10cmItem[] = [];
      for (let index = 0; index < items.length && found.length < limit; index += 1) {
        const hay = haystacks[index]!;
        if (words.every((word) => hay.includes(word))) (items[index]!.billable ? found : headers).push(items[index]!);
      }
      return [...found, ...headers].slice(0, limit);
    },
    billableUnder(code) {
      return withPrefix(normalizeIcd10cm(code)).filter((item) => item.billable);
    },
    parentOf(code) {
      const normalized = normalizeIcd10cm(code);
      for (let length = normalized.length - 1; length >= 3; length -= 1) {
        const parent = byCode.get(normalized.slice(0, length));
        if (parent) return parent;
      }
      return null;
    },
  };
}
