/** The shared field rules and the form ↔ record conventions. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  INVALID_EMAIL_FORMAT,
  emptyToNull,
  isValidEmail,
  optionalEmail,
  optionalText,
  requiredText,
  toInputValue,
} from './form-fields.ts';

const firstIssue = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).issues?.[0]?.message ?? null;

describe('field schemas', () => {
  it('optionalText trims', () => {
    expect(v.parse(optionalText, '  a ')).toBe('a');
    expect(v.parse(optionalText, '')).toBe('');
  });

  it('requiredText refuses blanks with the given message', () => {
    const schema = requiredText('Needed');
    expect(firstIssue(schema, '   ')).toBe('Needed');
    expect(v.parse(schema, ' x ')).toBe('x');
  });

  it('optionalEmail allows empty, refuses an invalid address', () => {
    expect(v.parse(optionalEmail, '')).toBe('');
    expect(v.parse(optionalEmail, '   ')).toBe('');
    expect(v.parse(optionalEmail, ' jane@clinic.test ')).toBe('jane@clinic.test');
    expect(firstIssue(optionalEmail, 'jane@')).toBe(INVALID_EMAIL_FORMAT);
    expect(firstIssue(optionalEmail, 'jane.clinic.test')).toBe('Invalid email format');
  });

  it('isValidEmail needs a domain with a dot', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
  });
});

describe('form ↔ record values', () => {
  it('shows null as empty and stores blank as null', () => {
    expect(toInputValue(null)).toBe('');
    expect(toInputValue(undefined)).toBe('');
    expect(toInputValue('x')).toBe('x');
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull(null)).toBeNull();
    expect(emptyToNull(' MD ')).toBe('MD');
  });
});
