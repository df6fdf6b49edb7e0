// Property tests of the preferences card with hostile input: the schema never throws and
// refuses with the spec's texts only; adding addresses and numbers keeps the lists free of
// duplicates and invalid entries; stored preferences of any shape (favorite_reports as
// broken JSON text, wrong types) load as a valid form, and saving keeps the first fax only.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { anyJson, hostileTextOrHuge } from '../../../../tests/helpers/hostile-text.ts';
import { isValidEmail } from '../../../lib/provider/form-fields.ts';
import {
  EMAIL_ALREADY_LISTED,
  EMAIL_REQUIRED,
  FAX_ALREADY_LISTED,
  FAX_NUMBER_REQUIRED,
  INVALID_EMAIL_FORMAT,
  REPORT_FORMATS,
  addDistributionEmail,
  addFaxNumber,
  preferencesFormValues,
  preferencesPatch,
  preferencesSchema,
} from './preferences-form.ts';

const candidate = fc.oneof(fc.emailAddress(), hostileTextOrHuge, fc.emailAddress().map((email) => ` ${email.toUpperCase()} `));

describe('the preference lists under hostile input', () => {
  it('only ever add a trimmed, valid, not yet listed email', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 12 }), (candidates) => {
        let list: string[] = [];
        for (const text of candidates) {
          const added = addDistributionEmail(list, text);
          if (added.ok) {
            expect(added.list).toEqual([...list, text.trim()]);
            expect(isValidEmail(text)).toBe(true);
            list = added.list;
          } else {
            expect([EMAIL_REQUIRED, INVALID_EMAIL_FORMAT, EMAIL_ALREADY_LISTED]).toContain(added.error);
          }
        }
        expect(new Set(list.map((email) => email.toLowerCase())).size).toBe(list.length);
        expect(v.safeParse(preferencesSchema, { ...baseForm, emails: list }).success).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('only ever add a non-blank fax number not yet listed', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(hostileTextOrHuge, fc.stringMatching(/^\(?\d{3}\)? ?\d{3}-?\d{4}$/)), { maxLength: 12 }), (candidates) => {
        let list: string[] = [];
        for (const text of candidates) {
          const added = addFaxNumber(list, text);
          if (added.ok) list = added.list;
          else expect([FAX_NUMBER_REQUIRED, FAX_ALREADY_LISTED]).toContain(added.error);
        }
        expect(list.every((fax) => fax.trim() !== '' && fax === fax.trim())).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

const baseForm = {
  in_app_notifications: true, email_notifications: false, fax_notifications: false,
  report_format: 'summary', emails: [] as string[], fax_numbers: [] as string[],
};

describe('stored preferences of any shape', () => {
  const stored = fc.record({
    in_app_notifications: fc.boolean(),
    email_notifications: fc.boolean(),
    fax_notifications: fc.boolean(),
    report_format: fc.oneof(fc.constantFrom(...REPORT_FORMATS), hostileTextOrHuge, fc.constant(null)),
    fax_number: fc.oneof(hostileTextOrHuge, fc.constant(null)),
    favorite_reports: fc.oneof(
      fc.constant(null),
      fc.array(fc.oneof(fc.emailAddress(), hostileTextOrHuge)),
      anyJson.map((value) => JSON.stringify(value)),
      hostileTextOrHuge,
    ),
  });

  it('load as form values the schema reads, and save the first fax number only', () => {
    fc.assert(
      fc.property(stored, fc.oneof(fc.emailAddress(), hostileTextOrHuge, fc.constant(null)), (preferences, providerEmail) => {
        const values = preferencesFormValues(preferences, providerEmail);
        expect(REPORT_FORMATS).toContain(values.report_format);
        expect(values.emails.every((email) => typeof email === 'string' && email.trim() === email && email !== '')).toBe(true);
        expect(values.fax_numbers.length).toBeLessThanOrEqual(1);
        const patch = preferencesPatch(values, '2026-11-22T00:00:00.000Z');
        expect(patch.fax_number).toBe(preferences.fax_number?.trim() || null);
        expect(new Set(patch.favorite_reports.map((email) => email.toLowerCase())).size).toBe(patch.favorite_reports.length);
      }),
      { numRuns: 200 },
    );
  });

  it('the schema refuses, without throwing, anything that is not the form', () => {
    fc.assert(
      fc.property(fc.oneof(anyJson, fc.dictionary(fc.constantFrom(...Object.keys(baseForm)), anyJson)), (input) => {
        expect(v.safeParse(preferencesSchema, input).success).toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});
