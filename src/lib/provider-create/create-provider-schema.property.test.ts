// Property tests of the create form's schema with hostile input: parsing never throws, the
// cross-field rules hold for any text (email notifications need an email, fax ones a fax
// number), refusals carry only the spec's texts, and what passes is the trimmed input.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { anyJson, hostileTextOrHuge } from '../../../tests/helpers/hostile-text.ts';
import { isValidEmail } from '../provider/form-fields.ts';
import {
  EMAIL_REQUIRED_FOR_NOTIFICATIONS,
  FAX_REQUIRED_FOR_NOTIFICATIONS,
  FIRST_NAME_REQUIRED,
  INVALID_EMAIL_FORMAT,
  LAST_NAME_REQUIRED,
  ORGANIZATION_REQUIRED,
  createProviderSchema,
} from './create-provider-schema.ts';

const TEXT_FIELDS = ['first_name', 'last_name', 'nickname', 'credential', 'email', 'phone', 'fax_number', 'organization_id', 'taxonomy_code', 'taxonomy_description', 'primary_state', 'license_number'] as const;
const SWITCHES = ['in_app_notifications', 'email_notifications', 'fax_notifications'] as const;
const KNOWN = [FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, ORGANIZATION_REQUIRED, INVALID_EMAIL_FORMAT, EMAIL_REQUIRED_FOR_NOTIFICATIONS, FAX_REQUIRED_FOR_NOTIFICATIONS];

const form = fc.record({
  ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, hostileTextOrHuge])) as Record<(typeof TEXT_FIELDS)[number], fc.Arbitrary<string>>),
  ...(Object.fromEntries(SWITCHES.map((field) => [field, fc.boolean()])) as Record<(typeof SWITCHES)[number], fc.Arbitrary<boolean>>),
});

describe('createProviderSchema under hostile input', () => {
  it('accepts exactly the forms that meet every rule, trimmed', () => {
    fc.assert(
      fc.property(form, (values) => {
        const blank = (text: string) => text.trim() === '';
        const expectedOk =
          !blank(values.first_name) && !blank(values.last_name) && !blank(values.organization_id) &&
          (blank(values.email) || isValidEmail(values.email)) &&
          (!values.email_notifications || !blank(values.email)) &&
          (!values.fax_notifications || !blank(values.fax_number));
        const result = v.safeParse(createProviderSchema, values);
        expect(result.success).toBe(expectedOk);
        if (result.success) {
          for (const field of TEXT_FIELDS) expect(result.output[field]).toBe(values[field].trim());
          for (const field of SWITCHES) expect(result.output[field]).toBe(values[field]);
        } else {
          for (const issue of result.issues) expect(KNOWN).toContain(issue.message);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuses, without throwing, anything that is not the form\'s shape', () => {
    fc.assert(
      fc.property(fc.oneof(anyJson, fc.dictionary(fc.constantFrom(...TEXT_FIELDS, ...SWITCHES), anyJson)), (input) => {
        expect(v.safeParse(createProviderSchema, input).success).toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});
