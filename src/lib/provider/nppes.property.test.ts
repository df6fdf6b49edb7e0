// Property tests of the client's reading and writing of nppes_data with malformed shapes
// (any JSON, JSON text, double-encoded text, results/taxonomies of the wrong types): the
// readers never throw and answer strings or null, and writing the form's taxonomy fields
// into any nppes_data reads back exactly what was written, without touching the input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyJson, hostileText } from '../../../tests/helpers/hostile-text.ts';
import { nppesLastUpdated, practiceAddress, primaryStateAndLicense, primaryTaxonomy, registryContact, registryIdentity } from './nppes.ts';
import { withPrimaryTaxonomy } from './nppes-taxonomy.ts';

const loose = fc.oneof(anyJson, hostileText);
const taxonomy = fc.record({ primary: fc.oneof(fc.boolean(), loose), state: loose, license: loose, code: loose, desc: loose }, { requiredKeys: [] });
const address = fc.record({ address_purpose: fc.oneof(fc.constantFrom('LOCATION', 'PRIMARY', 'MAILING'), loose), telephone_number: loose, fax_number: loose }, { requiredKeys: [] });
const result = fc.oneof(
  loose,
  fc.array(loose, { maxLength: 3 }),
  fc.record({
    basic: fc.oneof(loose, fc.record({ first_name: loose, last_name: loose, credential: loose, last_updated: loose }, { requiredKeys: [] })),
    taxonomies: fc.oneof(loose, fc.array(fc.oneof(taxonomy, loose), { maxLength: 4 })),
    addresses: fc.oneof(loose, fc.array(fc.oneof(address, loose), { maxLength: 3 })),
  }, { requiredKeys: [] }),
);
const document = fc.record({ result_count: loose, results: fc.oneof(loose, fc.array(result, { maxLength: 3 })), last_updated_date: loose }, { requiredKeys: [] });
const nppesShapes = fc.oneof(
  loose,
  document,
  document.map((value) => JSON.stringify(value)),
  document.map((value) => JSON.stringify(JSON.stringify(value))),
);

const stringOrNull = (value: unknown) => value === null || typeof value === 'string';

describe('reading malformed nppes_data', () => {
  it('never throws, and answers strings (or null) only', () => {
    fc.assert(
      fc.property(nppesShapes, (nppes) => {
        const { state, license } = primaryStateAndLicense(nppes);
        expect([typeof state, typeof license]).toEqual(['string', 'string']);
        expect(Object.values(registryIdentity(nppes)).every((value) => typeof value === 'string')).toBe(true);
        expect(Object.values(registryContact(nppes)).every((value) => typeof value === 'string')).toBe(true);
        expect(stringOrNull(nppesLastUpdated(nppes))).toBe(true);
        const primary = primaryTaxonomy(nppes);
        expect(primary === null || primary.primary === true).toBe(true);
        const location = practiceAddress(nppes);
        expect(location === null || typeof location === 'object').toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('writing the form\'s taxonomy into malformed nppes_data', () => {
  const value = fc.oneof(fc.constant(null), hostileText);

  it('reads back what was written (trimmed, blank as none) and leaves the input alone', () => {
    fc.assert(
      fc.property(nppesShapes, value, value, value, value, (nppes, code, desc, state, license) => {
        const before = JSON.stringify(nppes);
        const written = withPrimaryTaxonomy(nppes, { code, desc, state, license });
        expect(JSON.stringify(nppes)).toBe(before);
        const given = [code, desc, state, license].some((text) => (text ?? '').trim() !== '');
        if (!given && written === null) return;
        // What reaches the database is JSON: read it back from its JSON text.
        const stored: unknown = JSON.parse(JSON.stringify(written));
        expect(primaryStateAndLicense(stored)).toEqual({ state: (state ?? '').trim(), license: (license ?? '').trim() });
      }),
      { numRuns: 300 },
    );
  });
});
