// Property tests of what the Edge Functions read from the outside with hostile input: the
// request body (any text), the fields of each function's body, and the registries'
// answers (NPPES documents and CMS rows of any shape). Nothing throws; every refusal is
// one of the known messages; a registry answer about another NPI never verifies this one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyJson, hostileText, hostileTextOrHuge, malformedJsonText } from '../../../tests/helpers/hostile-text.ts';
import { withCheckDigit } from '../../local/simulator/npi.ts';
import { pecosOutcome, rowsForNpi } from './cms.ts';
import { readJsonObject } from './http.ts';
import { parseInviteRequest } from './invite-request.ts';
import { npiProblem } from './npi.ts';
import { isNppesProblem, normaliseNppesAnswer } from './nppes.ts';

const validNpi = fc.stringMatching(/^[12]\d{8}$/).map(withCheckDigit);
const npiLike = fc.oneof(validNpi, validNpi.map((npi) => ` ${npi}\t`), fc.stringMatching(/^\d{0,12}$/), hostileTextOrHuge, anyJson);
const post = (body: string) => new Request('http://functions.test/fn', { method: 'POST', body });

describe('request bodies', () => {
  it('anything but a JSON object is refused with 400 invalid_json', async () => {
    await fc.assert(
      fc.asyncProperty(malformedJsonText, async (text) => {
        const read = await readJsonObject(post(text));
        expect(read.ok).toBe(false);
        if (read.ok) return;
        expect(read.response.status).toBe(400);
        expect(await read.response.json()).toEqual({ error: 'The request body must be a JSON object.', code: 'invalid_json' });
      }),
      { numRuns: 150 },
    );
  });

  it('any JSON object is read as it was sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(hostileText, anyJson), async (body) => {
        const read = await readJsonObject(post(JSON.stringify(body)));
        expect(read).toEqual({ ok: true, body: JSON.parse(JSON.stringify(body)) });
      }),
      { numRuns: 100 },
    );
  });
});

describe('body fields', () => {
  it('npiProblem accepts exactly the ten-digit NPIs with a valid check digit, trimmed', () => {
    const messages = [
      'An NPI is required.',
      'An NPI must be exactly 10 digits.',
      'This is not a valid NPI: its check digit does not match. Please check the number for a typo.',
    ];
    fc.assert(
      fc.property(npiLike, (value) => {
        const problem = npiProblem(value);
        const trimmed = typeof value === 'string' ? value.trim() : null;
        const valid = trimmed !== null && /^\d{10}$/.test(trimmed) && withCheckDigit(trimmed.slice(0, 9)) === trimmed;
        expect(problem === null).toBe(valid);
        if (problem !== null) expect(messages).toContain(problem);
      }),
      { numRuns: 300 },
    );
  });

  it('parseInviteRequest takes only a valid email, the provider role and a uuid providerId', () => {
    const messages = ['Email is required', 'Invalid email format', "Only the 'provider' role can be given through an invitation.", 'A valid providerId is required.'];
    const body = fc.record(
      {
        email: fc.oneof(fc.emailAddress(), hostileTextOrHuge, anyJson),
        role: fc.oneof(fc.constantFrom('provider', 'admin', 'PROVIDER'), anyJson),
        providerId: fc.oneof(fc.uuid(), fc.uuid().map((id) => ` ${id.toUpperCase()} `), hostileText, anyJson),
        firstName: fc.oneof(hostileTextOrHuge, anyJson),
        lastName: fc.oneof(hostileTextOrHuge, anyJson),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (input) => {
        const parsed = parseInviteRequest(input);
        if (!parsed.ok) return void expect(messages).toContain(parsed.message);
        expect(parsed.value.email).toBe(String(input.email).trim().toLowerCase());
        expect(parsed.value.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
        expect(input.role === undefined || input.role === null || input.role === 'provider').toBe(true); // null reads as absent
        expect(parsed.value.providerId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        for (const name of [parsed.value.firstName, parsed.value.lastName]) expect(name === null || (name !== '' && name === name.trim())).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('registry answers of any shape', () => {
  const loose = fc.oneof(anyJson, hostileText);
  const record = (numbers: fc.Arbitrary<unknown>) =>
    fc.record(
      {
        number: numbers,
        enumeration_type: fc.oneof(fc.constantFrom('NPI-1', 'NPI-2'), loose),
        basic: fc.oneof(loose, fc.record({ status: fc.oneof(fc.constant('A'), loose), first_name: loose, last_name: loose, organization_name: loose }, { requiredKeys: [] })),
        taxonomies: fc.oneof(loose, fc.array(fc.oneof(loose, fc.record({ primary: fc.oneof(fc.boolean(), loose), code: loose, desc: loose }, { requiredKeys: [] })), { maxLength: 3 })),
        addresses: fc.oneof(loose, fc.array(fc.oneof(loose, fc.record({ address_purpose: fc.oneof(fc.constant('LOCATION'), loose), address_1: loose, postal_code: loose }, { requiredKeys: [] })), { maxLength: 3 })),
      },
      { requiredKeys: [] },
    );
  const nppesBody = (numbers: fc.Arbitrary<unknown>) =>
    fc.oneof(loose, fc.record({ result_count: loose, results: fc.oneof(loose, fc.array(fc.oneof(record(numbers), loose), { maxLength: 4 })), Errors: fc.oneof(loose, fc.constant(undefined)) }, { requiredKeys: ['results'] }));

  it('an NPPES answer is read into a result or a problem, never a throw', () => {
    fc.assert(
      fc.property(nppesBody(fc.oneof(validNpi, loose)), validNpi, fc.constantFrom('individual' as const, 'organization' as const), (body, npi, type) => {
        const result = normaliseNppesAnswer(body, npi, type);
        if (isNppesProblem(result)) {
          expect(['rejected', 'unreadable']).toContain(result.kind);
          expect(result.message).toMatch(/^(The NPPES registry rejected the request|Failed to process the NPPES registry response)/);
          return;
        }
        expect(result.npi).toBe(npi);
        expect(result.nppes_data).toBe(body);
        expect(result.validation_errors.every((error) => typeof error === 'string')).toBe(true);
        expect(() => JSON.stringify(result)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('an NPPES answer about other NPIs only ever says "not found"', () => {
    fc.assert(
      fc.property(validNpi, (npi) => {
        const others = validNpi.filter((other) => other !== npi);
        fc.assert(
          fc.property(fc.record({ results: fc.array(record(others), { minLength: 1, maxLength: 3 }) }), (body) => {
            const result = normaliseNppesAnswer(body, npi, 'individual');
            expect(isNppesProblem(result)).toBe(false);
            if (isNppesProblem(result)) return;
            expect(result.validation_errors).toEqual([`NPI ${npi} was not found in the NPPES registry: it is unknown or has been deactivated.`]);
            expect([result.legal_name, result.primary_address, result.primary_taxonomy_code]).toEqual([null, null, null]);
          }),
          { numRuns: 10 },
        );
      }),
      { numRuns: 10 },
    );
  });

  it('CMS rows: anything but a list of objects is unreadable, and only this NPI\'s rows count', () => {
    const row = fc.oneof(loose, fc.record({ NPI: fc.oneof(validNpi, loose), PARTB: fc.oneof(fc.constantFrom('Y', 'N', ' y '), loose) }, { requiredKeys: [] }));
    fc.assert(
      fc.property(fc.oneof(loose, fc.array(row, { maxLength: 6 })), validNpi, (body, npi) => {
        const rows = rowsForNpi(body, npi);
        const isList = Array.isArray(body) && body.every((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry));
        expect(rows === null).toBe(!isList);
        if (rows === null) return;
        for (const kept of rows) expect(String(kept.NPI).trim()).toBe(npi);
        const evidence = { dataset_id: 'd', url: 'u', rows };
        const outcome = pecosOutcome(npi, '2026-11-22T00:00:00.000Z', 'someone', evidence, evidence);
        expect(outcome.verified).toBe(rows.length > 0);
      }),
      { numRuns: 300 },
    );
  });
});
