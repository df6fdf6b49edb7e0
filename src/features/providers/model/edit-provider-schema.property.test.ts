// Property tests of the edit form's schema and defaults with hostile input: parsing never
// throws, a refusal only ever carries the spec's texts, what passes is the trimmed input,
// and any nppes_data (malformed shapes included) gives the form string defaults.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { anyJson, hostileTextOrHuge } from '../../../../tests/helpers/hostile-text.ts';
import { isValidEmail } from '../../../lib/provider/form-fields.ts';
import { FIRST_NAME_REQUIRED, INVALID_EMAIL_FORMAT, LAST_NAME_REQUIRED, editProviderDefaults, editProviderSchema } from './edit-provider-schema.ts';

const FIELDS = ['first_name', 'last_name', 'nickname', 'credential', 'email', 'phone', 'taxonomy_code', 'taxonomy_description', 'primary_state', 'license_number'] as const;
const formValues = fc.record(Object.fromEntries(FIELDS.map((field) => [field, hostileTextOrHuge])) as Record<(typeof FIELDS)[number], fc.Arbitrary<string>>);

describe('editProviderSchema under hostile input', () => {
  it('accepts exactly the forms with both names and a valid-or-empty email, and gives back trimmed text', () => {
    fc.assert(
      fc.property(formValues, (values) => {
        const result = v.safeParse(editProviderSchema, values);
        const expectedOk = values.first_name.trim() !== '' && values.last_name.trim() !== '' && (values.email.trim() === '' || isValidEmail(values.email));
        expect(result.success).toBe(expectedOk);
        if (result.success) {
          for (const field of FIELDS) expect(result.output[field]).toBe(values[field].trim());
        } else {
          const messages = new Set(result.issues.map((issue) => issue.message));
          for (const message of messages) expect([FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, INVALID_EMAIL_FORMAT]).toContain(message);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on values of the wrong type, and refuses them', () => {
    fc.assert(
      fc.property(fc.oneof(anyJson, fc.dictionary(fc.constantFrom(...FIELDS), anyJson)), (input) => {
        const result = v.safeParse(editProviderSchema, input);
        const allStrings = typeof input === 'object' && input !== null && FIELDS.every((field) => typeof (input as Record<string, unknown>)[field] === 'string');
        if (!allStrings) expect(result.success).toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});

/** An independent reading of the primary taxonomy: results[0].taxonomies' first primary object. */
function primaryOf(nppes: unknown): Record<string, unknown> | undefined {
  let data = nppes;
  for (let i = 0; i < 3 && typeof data === 'string'; i++) {
    try {
      data = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(data) || !Array.isArray(data.results) || !isObject(data.results[0])) return undefined;
  const taxonomies: unknown = data.results[0].taxonomies;
  return Array.isArray(taxonomies) ? taxonomies.find((entry): entry is Record<string, unknown> => isObject(entry) && entry.primary === true) : undefined;
}

describe('editProviderDefaults with malformed nppes_data', () => {
  const taxonomy = fc.record({ primary: fc.oneof(fc.boolean(), anyJson), state: anyJson, license: anyJson, code: anyJson }, { requiredKeys: [] });
  const result = fc.record({ taxonomies: fc.oneof(anyJson, fc.array(fc.oneof(taxonomy, anyJson))) });
  const nppesShapes = fc.oneof(
    anyJson,
    anyJson.map((value) => JSON.stringify(value)),
    fc.string(),
    fc.record({ results: fc.oneof(anyJson, fc.array(fc.oneof(anyJson, result))) }),
  );

  it('always gives the form strings, state and license only from a primary taxonomy\'s text', () => {
    fc.assert(
      fc.property(nppesShapes, (nppes) => {
        const defaults = editProviderDefaults({
          first_name: null, last_name: 'X', nickname: null, credential: null, email: null, phone: null,
          taxonomy_code: null, taxonomy_description: null, nppes_data: nppes,
        });
        for (const field of FIELDS) expect(typeof defaults[field]).toBe('string');
        const primary = primaryOf(nppes);
        const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
        expect([defaults.primary_state, defaults.license_number]).toEqual([text(primary?.state), text(primary?.license)]);
        expect(v.safeParse(editProviderSchema, defaults).success).toBe(false); // first name is blank
      }),
      { numRuns: 200 },
    );
  });
});
