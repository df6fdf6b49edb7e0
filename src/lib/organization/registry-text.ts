/**
 * Registry text as people write it: NPPES spells names and addresses in capitals
 * ("ADIRONDACK PEDIATRIC ASSOCIATES PC", "44 BAY ST"); the directory shows "Adirondack
 * Pediatric Associates PC" and "44 Bay St". Business suffixes, state codes and PO Box keep
 * their capitals.
 */
const KEEP_UPPER = new Set(['PC', 'PLLC', 'LLC', 'LLP', 'INC', 'PA', 'LP', 'MD', 'DO', 'NP', 'PO', 'II', 'III', 'IV', 'NE', 'NW', 'SE', 'SW', 'USA', 'FQHC']);

export function registryTitleCase(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .toLowerCase()
    .split(/(\s+|-|\/)/)
    .map((word) => {
      const bare = word.replace(/[^a-z]/g, '').toUpperCase();
      if (KEEP_UPPER.has(bare) && bare.length === word.replace(/[.,]/g, '').length) return word.toUpperCase();
      // O'Brien, McDonald-style names keep their inner capital after an apostrophe.
      return word.replace(/(^|['’])([a-z])/g, (_match, boundary: string, letter: string) => boundary + letter.toUpperCase());
    })
    .join('');
}
