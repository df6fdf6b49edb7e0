/** The preferences form rules (spec §5), list editing, and record ↔ form mapping. */
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT_FORMAT,
  EMAIL_ALREADY_LISTED,
  FAX_ALREADY_LISTED,
  REPORT_FORMATS,
  REPORT_FORMAT_LABELS,
  addDistributionEmail,
  addFaxNumber,
  isReportFormat,
  preferencesFormValues,
  preferencesPatch,
  preferencesSchema,
  removeAt,
  type PreferencesFormValues,
  type StoredPreferences,
} from './preferences-form.ts';

const NOW = '2026-03-04T05:06:07.000Z';

const form = (overrides: Partial<PreferencesFormValues> = {}): PreferencesFormValues => ({
  in_app_notifications: true,
  email_notifications: false,
  fax_notifications: false,
  report_format: 'summary',
  emails: [],
  fax_numbers: [],
  ...overrides,
});

const issues = (input: unknown) =>
  (v.safeParse(preferencesSchema, input).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]);

describe('report formats', () => {
  it('are the four of the spec, summary by default', () => {
    expect(REPORT_FORMATS).toEqual(['summary', 'comprehensive', 'summary_plus', 'comprehensive_plus']);
    expect(DEFAULT_REPORT_FORMAT).toBe('summary');
    expect(Object.keys(REPORT_FORMAT_LABELS)).toEqual([...REPORT_FORMATS]);
    expect(isReportFormat('comprehensive_plus')).toBe(true);
    expect(isReportFormat('full')).toBe(false);
  });
});

describe('preferencesSchema', () => {
  it('accepts a valid form', () => {
    expect(v.parse(preferencesSchema, form({ report_format: 'summary_plus', emails: [' a@lab.test '] }))).toEqual(
      form({ report_format: 'summary_plus', emails: ['a@lab.test'] }),
    );
  });

  it('accepts a valid form with email and fax notifications on', () => {
    const on = form({ email_notifications: true, fax_notifications: true, emails: ['a@lab.test'], fax_numbers: [' 518-555-0101 '] });
    expect(issues(on)).toEqual([]);
    expect(v.parse(preferencesSchema, on)).toEqual({ ...on, fax_numbers: ['518-555-0101'] });
    expect(issues(form({ email_notifications: true, emails: ['a@lab.test'] }))).toEqual([]);
    expect(issues(form({ fax_notifications: true, fax_numbers: ['518-555-0101'] }))).toEqual([]);
  });

  it('refuses an unknown report format', () => {
    expect(issues({ ...form(), report_format: 'full' })).toEqual([['report_format', 'Choose a report format']]);
  });

  it('checks every email and every fax number', () => {
    expect(issues(form({ emails: ['ok@lab.test', 'nope'], fax_numbers: ['518', ' '] }))).toEqual([
      ['emails.1', 'Invalid email format'],
      ['fax_numbers.1', 'Fax number is required'],
    ]);
  });

  it('needs an email for email notifications and a fax for fax notifications', () => {
    expect(issues(form({ email_notifications: true, fax_notifications: true }))).toEqual([
      ['emails', 'Email required for email notifications'],
      ['fax_numbers', 'Fax required for fax notifications'],
    ]);
  });

  it('works as a react-hook-form resolver', async () => {
    const resolver = valibotResolver(preferencesSchema);
    const result = await resolver(form({ emails: ['bad'] }), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.emails?.[0]?.message).toBe('Invalid email format');
  });
});

describe('adding to the lists', () => {
  it('adds an email that contains @ and is not listed yet, in any case', () => {
    expect(addDistributionEmail(['a@lab.test'], ' b@lab.test ')).toEqual({ ok: true, list: ['a@lab.test', 'b@lab.test'] });
    expect(addDistributionEmail(['a@lab.test'], 'A@LAB.TEST')).toEqual({ ok: false, error: EMAIL_ALREADY_LISTED });
    expect(addDistributionEmail([], 'lab.test')).toEqual({ ok: false, error: 'Invalid email format' });
    expect(addDistributionEmail([], 'a@b')).toEqual({ ok: false, error: 'Invalid email format' });
    expect(addDistributionEmail([], '  ')).toEqual({ ok: false, error: 'Email is required' });
  });

  it('adds the first email and the first fax number to an empty list', () => {
    expect(addDistributionEmail([], ' first@lab.test ')).toEqual({ ok: true, list: ['first@lab.test'] });
    expect(addFaxNumber([], ' 518-555-0101 ')).toEqual({ ok: true, list: ['518-555-0101'] });
  });

  it('adds a fax number that is not blank and not listed (by digits)', () => {
    expect(addFaxNumber(['518-555-0101'], '(518) 555-0102')).toEqual({ ok: true, list: ['518-555-0101', '(518) 555-0102'] });
    expect(addFaxNumber(['518-555-0101'], '(518) 555-0101')).toEqual({ ok: false, error: FAX_ALREADY_LISTED });
    expect(addFaxNumber(['front desk'], 'Front Desk')).toEqual({ ok: false, error: FAX_ALREADY_LISTED });
    expect(addFaxNumber([], ' ')).toEqual({ ok: false, error: 'Fax number is required' });
  });

  it('compares addresses trimmed and in any case on both sides', () => {
    expect(addDistributionEmail(['A@LAB.TEST'], 'a@lab.test')).toEqual({ ok: false, error: EMAIL_ALREADY_LISTED });
    expect(addDistributionEmail([' a@lab.test '], 'a@lab.test')).toEqual({ ok: false, error: EMAIL_ALREADY_LISTED });
  });

  it('compares fax entries without digits by their text, trimmed and in any case', () => {
    expect(addFaxNumber(['front desk'], 'back office')).toEqual({ ok: true, list: ['front desk', 'back office'] });
    expect(addFaxNumber(['FRONT DESK'], 'front desk')).toEqual({ ok: false, error: FAX_ALREADY_LISTED });
    expect(addFaxNumber([' front desk '], 'Front Desk')).toEqual({ ok: false, error: FAX_ALREADY_LISTED });
    expect(addFaxNumber(['front desk'], '518-555-0101')).toEqual({ ok: true, list: ['front desk', '518-555-0101'] });
    expect(addFaxNumber(['518-555-0101'], 'front desk')).toEqual({ ok: true, list: ['518-555-0101', 'front desk'] });
  });

  it('removes by position', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('record ↔ form', () => {
  const stored: StoredPreferences = {
    in_app_notifications: true,
    email_notifications: true,
    fax_notifications: false,
    report_format: 'comprehensive',
    fax_number: ' 518-555-0101 ',
    favorite_reports: ['results@clinic.test', ' ', 'Results@Clinic.test'],
  };

  it("adds the provider's own email first when it is not listed", () => {
    expect(preferencesFormValues(stored, 'jane@clinic.test')).toEqual({
      in_app_notifications: true,
      email_notifications: true,
      fax_notifications: false,
      report_format: 'comprehensive',
      emails: ['jane@clinic.test', 'results@clinic.test'],
      fax_numbers: ['518-555-0101'],
    });
  });

  it("does not repeat the provider's email, nor add an invalid or missing one", () => {
    expect(preferencesFormValues(stored, 'RESULTS@clinic.test').emails).toEqual(['results@clinic.test']);
    expect(preferencesFormValues(stored, 'not-an-email').emails).toEqual(['results@clinic.test']);
    expect(preferencesFormValues(stored, null).emails).toEqual(['results@clinic.test']);
  });

  it("adds the provider's own email trimmed", () => {
    expect(preferencesFormValues({ ...stored, favorite_reports: [] }, '  jane@clinic.test  ').emails).toEqual(['jane@clinic.test']);
    expect(preferencesFormValues({ ...stored, favorite_reports: [] }, '   ').emails).toEqual([]);
  });

  it('keeps only the text entries of favorite_reports, and reads a blank fax number as none', () => {
    const odd = { ...stored, favorite_reports: [1, 'x@lab.test', null, { a: 1 }] as unknown as string[], fax_number: '   ' };
    expect(preferencesFormValues(odd, null)).toMatchObject({ emails: ['x@lab.test'], fax_numbers: [] });
    expect(preferencesFormValues({ ...stored, favorite_reports: '{"a":"x@lab.test"}' }, null).emails).toEqual([]);
  });

  it('reads favorite_reports given as JSON text, and an unknown format as summary', () => {
    const values = preferencesFormValues({ ...stored, favorite_reports: '["x@lab.test"]', report_format: null, fax_number: null }, null);
    expect(values).toMatchObject({ emails: ['x@lab.test'], report_format: 'summary', fax_numbers: [] });
    expect(preferencesFormValues({ ...stored, favorite_reports: 'garbage' }, null).emails).toEqual([]);
    expect(preferencesFormValues({ ...stored, favorite_reports: null }, null).emails).toEqual([]);
  });

  it('saves only the first fax number and de-duplicated emails', () => {
    expect(
      preferencesPatch(form({ emails: ['a@lab.test', 'A@lab.test', 'b@lab.test'], fax_numbers: [' 1 ', '2'], fax_notifications: true }), NOW),
    ).toEqual({
      in_app_notifications: true,
      email_notifications: false,
      fax_notifications: true,
      report_format: 'summary',
      fax_number: '1',
      favorite_reports: ['a@lab.test', 'b@lab.test'],
      updated_at: NOW,
    });
    expect(preferencesPatch(form(), NOW).fax_number).toBeNull();
    expect(preferencesPatch(form({ fax_numbers: ['  ', ' 518-555-0101 '] }), NOW).fax_number).toBe('518-555-0101');
    expect(preferencesPatch(form({ fax_numbers: ['  '] }), NOW).fax_number).toBeNull();
  });
});
