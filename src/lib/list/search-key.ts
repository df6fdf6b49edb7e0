/**
 * How every list normalises text for its search and its order: case- and accent-insensitive,
 * white space collapsed, and how one row's fields are joined into its haystack so a query
 * never matches across two fields. Shared by every list (src/lib/list/README in
 * list-definition.ts says how a list plugs in).
 */

/** Separates haystack fields; normalised queries never contain it, so no match spans two fields. */
export const FIELD_SEPARATOR = '\u0001';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Printable ASCII only: such text needs none of the Unicode work (accents, typographic marks). */
export const isPrintableAscii = (value: string): boolean => PRINTABLE_ASCII.test(value);

/**
 * Case- and accent-insensitive text: lowercase, diacritics removed ('José' → 'jose'),
 * typographic apostrophes made plain ('O’Brien' → "o'brien"), control characters (the
 * index's separators) and runs of white space read as one space, ends trimmed.
 */
export function searchKey(value: string | null | undefined): string {
  if (!value) return '';
  // Most names are plain printable ASCII: skip the Unicode work (it dominates building 50,000 haystacks).
  if (isPrintableAscii(value)) {
    const lower = value.toLowerCase();
    return lower.includes('  ') || lower.startsWith(' ') || lower.endsWith(' ') ? lower.replace(/ +/g, ' ').trim() : lower;
  }
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase()
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One haystack from a row's searchable fields, each normalised, empty ones left out. Built
 * with `join`, not `+`: it makes one flat string, where concatenation makes a rope that V8
 * must flatten again and again while thousands of them are scanned.
 */
export function joinHaystack(fields: ReadonlyArray<string | null | undefined>): string {
  const parts: string[] = [];
  for (const field of fields) {
    const key = searchKey(field);
    if (key !== '') parts.push(key);
  }
  return parts.join(FIELD_SEPARATOR);
}
