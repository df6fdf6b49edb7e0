/** The create sequence as data (spec §7): the three records, and what stops it. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { primaryTaxonomy } from '../provider/nppes.ts';
import { sampleNppesData, SAMPLE_NPI } from '../provider/nppes-sample.ts';
import {
  NPI_VERIFICATION_MISSING,
  PROVIDER_ALREADY_EXISTS,
  USER_NOT_AUTHENTICATED,
  findProviderWithNpi,
  planProviderCreation,
  providerAddedToast,
  type ProviderCreationInput,
} from './create-sequence.ts';
import { createProviderDefaults, createProviderSchema, type CreateProviderFormValues } from './create-provider-schema.ts';

const NOW = '2026-02-03T04:05:06.000Z';
const ids = { provider: 'prov-1', membership: 'mem-1', preferences: 'pref-1' };

const values = (overrides: Partial<CreateProviderFormValues> = {}) =>
  v.parse(createProviderSchema, {
    ...createProviderDefaults(),
    first_name: 'JANE',
    last_name: 'DOE',
    credential: 'M.D.',
    organization_id: 'org-1',
    email: 'jane@clinic.test',
    phone: '518-555-0100',
    fax_number: '518-555-0101',
    taxonomy_code: '207Q00000X',
    taxonomy_description: 'Family Medicine',
    primary_state: 'NY',
    license_number: '123456',
    ...overrides,
  });

const input = (overrides: Partial<ProviderCreationInput> = {}): ProviderCreationInput => ({
  values: values(),
  providerType: 'individual',
  verification: { npi: SAMPLE_NPI, nppes_data: sampleNppesData() },
  userId: 'user-1',
  ids,
  now: NOW,
  ...overrides,
});

const planned = (overrides: Partial<ProviderCreationInput> = {}) => {
  const plan = planProviderCreation(input(overrides));
  if (!plan.ok) throw new Error(`expected a plan, got ${plan.error.description}`);
  return plan.records;
};

describe('planProviderCreation', () => {
  it('writes the provider with the session NPI and registry data, active and not PECOS-verified', () => {
    const { provider } = planned();
    expect(provider).toEqual({
      id: 'prov-1',
      npi: SAMPLE_NPI,
      first_name: 'JANE',
      last_name: 'DOE',
      nickname: null,
      // One way of writing credentials (written-name.ts).
      credential: 'MD',
      email: 'jane@clinic.test',
      phone: '518-555-0100',
      default_organization_id: 'org-1',
      taxonomy_code: '207Q00000X',
      taxonomy_description: 'Family Medicine',
      is_active: true,
      pecos_verified: false,
      pecos_verification_date: null,
      pecos_verification_data: null,
      nppes_verified: true,
      nppes_data: sampleNppesData(),
      created_by: 'user-1',
      created_at: NOW,
      updated_at: NOW,
    });
  });

  it('keeps the PECOS check made on the lookup page with the new provider', () => {
    const evidence = { checked_at: '2026-02-03T04:00:00Z', checked_by: 'user-1', enrollment: { rows: [{ NPI: SAMPLE_NPI }] } };
    const pecos_check = { verified: true, checked_at: '2026-02-03T04:00:00Z', evidence };
    const { provider } = planned({ verification: { npi: SAMPLE_NPI, nppes_data: sampleNppesData(), pecos_check } });
    expect(provider).toMatchObject({ pecos_verified: true, pecos_verification_date: '2026-02-03T04:00:00Z', pecos_verification_data: evidence });
    // A non-healthcare provider has no NPI: no check applies.
    const other = planned({ providerType: 'non_healthcare', verification: { npi: SAMPLE_NPI, nppes_data: sampleNppesData(), pecos_check } });
    expect(other.provider).toMatchObject({ pecos_verified: false, pecos_verification_date: null, pecos_verification_data: null });
  });

  it('stores an edited state and license in the primary taxonomy, leaving the session data alone', () => {
    const verification = { npi: SAMPLE_NPI, nppes_data: sampleNppesData() };
    const { provider } = planned({ verification, values: values({ primary_state: 'CA', license_number: 'C-1' }) });
    expect(primaryTaxonomy(provider.nppes_data)).toMatchObject({ state: 'CA', license: 'C-1' });
    expect(verification.nppes_data).toEqual(sampleNppesData());
  });

  it('writes an active membership assigned by the user', () => {
    expect(planned().membership).toEqual({
      id: 'mem-1',
      provider_id: 'prov-1',
      organization_id: 'org-1',
      is_active: true,
      assigned_by: 'user-1',
      created_at: NOW,
      updated_at: NOW,
    });
  });

  it('writes preferences with the switches, the fax, summary reports and the email as first distribution address', () => {
    expect(planned({ values: values({ email_notifications: true, in_app_notifications: false }) }).preferences).toEqual({
      id: 'pref-1',
      provider_id: 'prov-1',
      in_app_notifications: false,
      email_notifications: true,
      fax_notifications: false,
      fax_number: '518-555-0101',
      report_format: 'summary',
      favorite_reports: ['jane@clinic.test'],
      created_at: NOW,
      updated_at: NOW,
    });
  });

  it('writes no distribution address and no fax when none were given', () => {
    const { preferences, provider } = planned({ values: values({ email: '', fax_number: '' }) });
    expect(preferences.favorite_reports).toEqual([]);
    expect(preferences.fax_number).toBeNull();
    expect(provider.email).toBeNull();
  });

  it('creates a non-healthcare provider without NPI or registry data', () => {
    const { provider } = planned({
      providerType: 'non_healthcare',
      verification: { npi: SAMPLE_NPI, nppes_data: sampleNppesData() },
      values: values({ primary_state: '', license_number: '' }),
    });
    expect(provider).toMatchObject({ npi: null, nppes_verified: false, nppes_data: null, taxonomy_code: '207Q00000X' });
  });

  it('keeps a non-healthcare state or license in minimal registry data', () => {
    const { provider } = planned({ providerType: 'non_healthcare', verification: null, values: values({ license_number: '' }) });
    expect(provider.nppes_verified).toBe(false);
    expect(primaryTaxonomy(provider.nppes_data)).toMatchObject({ state: 'NY', license: null, primary: true });
  });

  it('refuses without a signed-in user', () => {
    for (const userId of [null, undefined, ' ']) {
      expect(planProviderCreation(input({ userId }))).toEqual({ ok: false, error: USER_NOT_AUTHENTICATED });
    }
    expect(USER_NOT_AUTHENTICATED.description).toBe('User not authenticated');
  });

  it('refuses an individual without a verified NPI and registry data', () => {
    expect(planProviderCreation(input({ verification: null }))).toEqual({ ok: false, error: NPI_VERIFICATION_MISSING });
    expect(planProviderCreation(input({ verification: { npi: SAMPLE_NPI, nppes_data: null } }))).toEqual({
      ok: false,
      error: NPI_VERIFICATION_MISSING,
    });
  });

  it('refuses an NPI already in the directory', () => {
    const existingProviders = [{ id: 'other', npi: SAMPLE_NPI }];
    expect(planProviderCreation(input({ existingProviders }))).toEqual({ ok: false, error: PROVIDER_ALREADY_EXISTS });
    expect(PROVIDER_ALREADY_EXISTS).toMatchObject({
      title: 'Provider Already Exists',
      description: 'A provider with this NPI already exists in the system.',
    });
    expect(planProviderCreation(input({ existingProviders: [{ id: 'gone', npi: SAMPLE_NPI, _deleted: true }] })).ok).toBe(true);
  });
});

describe('findProviderWithNpi', () => {
  const providers = [
    { id: 'a', npi: null },
    { id: 'b', npi: '1003000126', _deleted: true },
    { id: 'c', npi: ' 1003000126 ' },
  ];

  it('finds the live provider with the NPI', () => {
    expect(findProviderWithNpi('1003000126', providers)?.id).toBe('c');
  });

  it('finds nothing for no NPI or an unknown one', () => {
    expect(findProviderWithNpi(null, providers)).toBeNull();
    expect(findProviderWithNpi('  ', providers)).toBeNull();
    expect(findProviderWithNpi('1234567893', providers)).toBeNull();
  });
});

describe('providerAddedToast', () => {
  it("is titled 'Provider Added' and names the provider", () => {
    expect(providerAddedToast({ first_name: 'Jane', last_name: 'Doe', credential: 'MD' })).toEqual({
      title: 'Provider Added',
      description: 'Jane Doe, MD has been added to the directory.',
      type: 'success',
    });
  });
});
