/**
 * fast-check arbitraries for hostile input, shared by the unit property tests and the
 * contract fuzz tests: text mixing the characters that PostgREST's grammar, LIKE patterns,
 * JSON and SQL treat specially with unicode (astral, combining, RTL, zero-width,
 * whitespace of every kind), the odd very long string, and malformed JSON documents.
 */
import fc from 'fast-check';

/** Characters with a meaning somewhere between the form and the database. */
export const SPECIAL_CHARS = [
  ',', '(', ')', '"', "'", '\\', '%', '_', '*', '.', ':', '!', '{', '}', '[', ']', ';', '-', '&', '=', '?', '#', '/',
  ' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u200b', '\u202e', '\ufeff', 'é', 'ß', 'İ', 'ﬁ', '\u0301', '中', '😀', '𝔘',
] as const;

const special = fc.constantFrom(...SPECIAL_CHARS);

/** Short hostile text: special characters, plain letters and any unicode. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.oneof(special, fc.constantFrom('a', 'Z', '0', '9')), { minLength: 1, maxLength: 40 }).map((chars) => chars.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Hostile text without NUL, which Postgres text cannot hold (tests that store it). */
export const storableText: fc.Arbitrary<string> = hostileText.map((text) => text.split('\u0000').join(''));

/** Hostile text, sometimes huge (10 000 characters and more). */
export const hostileTextOrHuge: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.tuple(hostileText, fc.integer({ min: 10_000, max: 20_000 })).map(([text, size]) => (text || 'x').repeat(Math.ceil(size / Math.max(1, text.length)))) },
);

/** Any JSON value, hostile strings included. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 4 });

/** Text that is not a JSON document, or not the object a function wants. */
export const malformedJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '{', '}', '{"npi":', '{"npi": 1234567890', 'null', 'true', '[]', '[{}]', '"text"', '12', 'NaN', '{npi: "1"}', "{'npi': '1'}", '\u0000', '{"a":1}{"b":2}'),
  hostileText.filter((text) => {
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed !== 'object' || parsed === null || Array.isArray(parsed);
    } catch {
      return true;
    }
  }),
);
