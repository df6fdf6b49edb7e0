/** The edit form's rules (spec §5), also through react-hook-form's valibot resolver. */
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sampleNppesData } from '../../../lib/provider/nppes-sample.ts';
import {
  EDIT_PROVIDER_FIELD_GROUPS,
  EDIT_PROVIDER_PLACEHOLDERS,
  editProviderDefaults,
  editProviderSchema,
  type EditableProvider,
  type EditProviderFormValues,
} from './edit-provider-schema.ts';

const values = (overrides: Partial<EditProviderFormValues> = {}): EditProviderFormValues => ({
  first_name: 'Jane',
  last_name: 'Doe',
  nickname: '',
  credential: 'MD',
  email: '',
  phone: '',
  taxonomy_code: '',
  taxonomy_description: '',
  primary_state: '',
  license_number: '',
  ...overrides,
});

const messages = (input: unknown) => {
  const result = v.safeParse(editProviderSchema, input, { abortPipeEarly: true });
  if (result.success) return {};
  return Object.fromEntries(Object.entries(v.flatten(result.issues).nested ?? {}).map(([key, list]) => [key, list?.[0]]));
};

describe('editProviderSchema', () => {
  it('requires first and last name', () => {
    expect(messages(values({ first_name: '  ', last_name: '' }))).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
  });

  it('refuses an invalid email, allows an empty one', () => {
    expect(messages(values({ email: 'jane@' }))).toEqual({ email: 'Invalid email format' });
    expect(messages(values({ email: '' }))).toEqual({});
    expect(messages(values({ email: '   ' }))).toEqual({});
  });

  it('trims what it keeps', () => {
    const parsed = v.parse(editProviderSchema, values({ first_name: ' Jane ', email: ' jane@clinic.test ', phone: ' 518 ' }));
    expect(parsed).toEqual(values({ email: 'jane@clinic.test', phone: '518' }));
  });

  it('refuses null: nullable columns are given to the form as empty strings', () => {
    expect(v.safeParse(editProviderSchema, { ...values(), email: null }).success).toBe(false);
  });

  it('works as a react-hook-form resolver', async () => {
    const resolver = valibotResolver(editProviderSchema);
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const failed = await resolver(values({ last_name: '', email: 'nope' }), undefined, options);
    expect(failed.errors.last_name?.message).toBe('Last name is required');
    expect(failed.errors.email?.message).toBe('Invalid email format');
    const passed = await resolver(values({ nickname: ' JD ' }), undefined, options);
    expect(passed.errors).toEqual({});
    expect(passed.values).toMatchObject({ nickname: 'JD' });
  });
});

describe('editProviderDefaults', () => {
  const provider: EditableProvider = {
    first_name: 'Jane',
    last_name: 'Doe',
    nickname: null,
    credential: null,
    email: null,
    phone: '5185550100',
    taxonomy_code: '207Q00000X',
    taxonomy_description: null,
    nppes_data: JSON.stringify(sampleNppesData()),
  };

  it('shows null columns as empty strings and reads state and license from the primary taxonomy', () => {
    expect(editProviderDefaults(provider)).toEqual({
      first_name: 'Jane',
      last_name: 'Doe',
      nickname: '',
      credential: '',
      email: '',
      phone: '5185550100',
      taxonomy_code: '207Q00000X',
      taxonomy_description: '',
      primary_state: 'NY',
      license_number: '123456',
    });
  });

  it('leaves state and license empty without registry data', () => {
    expect(editProviderDefaults({ ...provider, nppes_data: null })).toMatchObject({ primary_state: '', license_number: '' });
  });
});

describe('edit panel texts', () => {
  it('has a placeholder for every field and puts every field in one group', () => {
    expect(EDIT_PROVIDER_PLACEHOLDERS.credential).toBe('Credentials (optional)');
    expect(EDIT_PROVIDER_PLACEHOLDERS.license_number).toBe('License Number');
    const grouped = Object.values(EDIT_PROVIDER_FIELD_GROUPS).flat().sort();
    expect(grouped).toEqual(Object.keys(editProviderSchema.entries).sort());
    expect(Object.keys(EDIT_PROVIDER_PLACEHOLDERS).sort()).toEqual(grouped);
  });
});
