// HL7 v2 escape sequences (v2.5.1 chapter 2.7): the delimiters inside a value travel as
// \F\ (field), \S\ (component), \T\ (subcomponent), \R\ (repetition) and \E\ (escape), so a
// patient called "Smith^Jones" or a comment with "|" cannot break a message. The library
// splits and joins on delimiters but never escapes, so every value goes through here.
// Decoding also reads \Xhh..\ (hex bytes, UTF-8) and \.br\ (line break); formatting codes
// such as \H\ and \N\ (highlighting) are dropped.

export interface Delimiters {
  field: string;
  component: string;
  repetition: string;
  escape: string;
  subcomponent: string;
}

export const STANDARD_DELIMITERS: Delimiters = { field: '|', component: '^', repetition: '~', escape: '\\', subcomponent: '&' };

/**
 * A value as it must be written inside a component or subcomponent. A line break is the
 * formatting sequence \.br\ in formatted text (FT, TX: `lineBreaks`); elsewhere (ST, names,
 * codes) v2.5.1 allows no formatting, and a line break becomes a space.
 */
export function escapeValue(value: string, d: Delimiters = STANDARD_DELIMITERS, lineBreaks = true): string {
  let out = '';
  for (const char of value) {
    if (char === d.escape) out += `${d.escape}E${d.escape}`;
    else if (char === d.field) out += `${d.escape}F${d.escape}`;
    else if (char === d.component) out += `${d.escape}S${d.escape}`;
    else if (char === d.subcomponent) out += `${d.escape}T${d.escape}`;
    else if (char === d.repetition) out += `${d.escape}R${d.escape}`;
    else if (char === '\r') continue;
    else if (char === '\n') out += lineBreaks ? `${d.escape}.br${d.escape}` : ' ';
    else out += char;
  }
  return out;
}

/** The value an escaped component or subcomponent stands for. */
export function unescapeValue(text: string, d: Delimiters = STANDARD_DELIMITERS): string {
  if (!text.includes(d.escape)) return text;
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char !== d.escape) {
      out += char;
      index += 1;
      continue;
    }
    const end = text.indexOf(d.escape, index + 1);
    // A lone escape character with no closing one is kept as it is.
    if (end === -1) {
      out += text.slice(index);
      break;
    }
    out += decodeSequence(text.slice(index + 1, end), d);
    index = end + 1;
  }
  return out;
}

function decodeSequence(code: string, d: Delimiters): string {
  switch (code) {
    case 'F':
      return d.field;
    case 'S':
      return d.component;
    case 'T':
      return d.subcomponent;
    case 'R':
      return d.repetition;
    case 'E':
      return d.escape;
    case '.br':
      return '\n';
    default:
      if (/^X(?:[0-9A-Fa-f]{2})+$/.test(code)) return decodeHex(code.slice(1));
      // Formatting (\H\, \N\, \.sp\ …) and unknown sequences carry no text.
      return '';
  }
}

function decodeHex(hex: string): string {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}
