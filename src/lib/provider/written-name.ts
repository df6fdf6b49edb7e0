/**
 * Names and credentials as people write them. The NPI registry (NPPES) spells names in
 * capitals ("JANE O'BRIEN-MCDONALD") and credentials as the provider typed them ("M.D.",
 * "MD", "m.d."), so a directory filled from it shows "D.O." beside "DO". The directory
 * keeps the registry's own text in nppes_data and shows and stores the written form:
 * "Jane O'Brien-McDonald", "MD". A name someone already wrote in mixed case is kept as
 * they wrote it ("DeShawn", "van der Berg"): only all-capital or all-lowercase text is recased.
 */

const ROMAN_SUFFIX = /^(II|III|IV|V|VI|VII|VIII|IX|X)$/i;

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** One part of a name between spaces, hyphens and apostrophes: "mcdonald" → "McDonald". */
function namePart(part: string): string {
  if (ROMAN_SUFFIX.test(part)) return part.toUpperCase();
  // The Scottish and Irish "Mc" prefix is written with a capital after it; "Mac" is not
  // always (Mack, Macy), so it is left as a plain capitalised word.
  if (/^mc[a-z]{2,}$/.test(part)) return `Mc${capitalise(part.slice(2))}`;
  return capitalise(part);
}

/** A person's given or family name as people write it ("JANE" → "Jane", "O'BRIEN" → "O'Brien"). */
export function writtenPersonName(value: string | null | undefined): string {
  const text = (value ?? '').trim().replace(/\s+/g, ' ');
  const hasUpper = /\p{Lu}/u.test(text);
  const hasLower = /\p{Ll}/u.test(text);
  if (hasUpper && hasLower) return text;
  return text
    .toLowerCase()
    .split(/([\s'’-])/)
    .map((piece) => (/^[\s'’-]$/.test(piece) || piece === '' ? piece : namePart(piece)))
    .join('');
}

/** Degrees written in mixed case once their periods are gone. */
const MIXED_CASE_DEGREES: Readonly<Record<string, string>> = {
  PHD: 'PhD',
  PHARMD: 'PharmD',
  PSYD: 'PsyD',
  EDD: 'EdD',
  DRPH: 'DrPH',
  DNSC: 'DNSc',
  MSC: 'MSc',
  BSC: 'BSc',
};

/**
 * A credential in one form: no periods, capitals, several separated by ", " ("M.D." → "MD",
 * "d.o." → "DO", "M.D., PH.D." → "MD, PhD", "fnp-bc" → "FNP-BC"). Empty text gives ''.
 */
export function writtenCredential(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/\./g, '')
    .split(/\s*[,;/]\s*|\s+/)
    .filter((token) => token !== '' && token !== '--')
    .map((token) => MIXED_CASE_DEGREES[token.toUpperCase()] ?? token.toUpperCase())
    .join(', ');
}
