/** The create form's rules (spec §5), alone and through react-hook-form's resolver. */
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createProviderDefaults, createProviderSchema, type CreateProviderFormValues } from './create-provider-schema.ts';

const form = (overrides: Partial<CreateProviderFormValues> = {}): CreateProviderFormValues => ({
  ...createProviderDefaults(),
  first_name: 'Jane',
  last_name: 'Doe',
  organization_id: 'org-1',
  ...overrides,
});

const messages = (input: unknown) => {
  const result = v.safeParse(createProviderSchema, input, { abortPipeEarly: true });
  if (result.success) return {};
  return Object.fromEntries(Object.entries(v.flatten(result.issues).nested ?? {}).map(([key, list]) => [key, list?.[0]]));
};

describe('createProviderSchema', () => {
  it('has in-app notifications on and email and fax off by default', () => {
    expect(createProviderDefaults()).toMatchObject({ in_app_notifications: true, email_notifications: false, fax_notifications: false });
    const parsed = v.parse(createProviderSchema, { ...createProviderDefaults(), first_name: 'A', last_name: 'B', organization_id: 'o' });
    expect(parsed).toMatchObject({ in_app_notifications: true, email_notifications: false, fax_notifications: false, email: '' });
  });

  it('requires the names and the organization', () => {
    expect(messages(form({ first_name: '', last_name: ' ', organization_id: '' }))).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      organization_id: 'Organization is required',
    });
  });

  it('allows an empty email and refuses an invalid one', () => {
    expect(messages(form({ email: '' }))).toEqual({});
    expect(messages(form({ email: 'jane.doe' }))).toEqual({ email: 'Invalid email format' });
  });

  it('requires an email for email notifications and a fax for fax notifications', () => {
    expect(messages(form({ email_notifications: true }))).toEqual({ email: 'Email required for email notifications' });
    expect(messages(form({ fax_notifications: true, fax_number: '  ' }))).toEqual({ fax_number: 'Fax required for fax notifications' });
    expect(messages(form({ email_notifications: true, email: 'j@clinic.test', fax_notifications: true, fax_number: '518-555-0101' }))).toEqual(
      {},
    );
  });

  it('reports the format before the notification rule for an invalid email', () => {
    expect(messages(form({ email_notifications: true, email: 'bad' }))).toEqual({ email: 'Invalid email format' });
  });

  it('reports both notification rules at once when the other fields are valid', () => {
    const result = v.safeParse(createProviderSchema, form({ email_notifications: true, fax_notifications: true }));
    expect(result.issues?.map((issue) => issue.message)).toEqual([
      'Email required for email notifications',
      'Fax required for fax notifications',
    ]);
  });

  it('works as a react-hook-form resolver, errors on the field to fix', async () => {
    const resolver = valibotResolver(createProviderSchema);
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const failed = await resolver(form({ fax_notifications: true }), undefined, options);
    expect(failed.errors.fax_number?.message).toBe('Fax required for fax notifications');
    const passed = await resolver(form({ first_name: ' Jane ' }), undefined, options);
    expect(passed.errors).toEqual({});
    expect(passed.values).toMatchObject({ first_name: 'Jane' });
  });
});
