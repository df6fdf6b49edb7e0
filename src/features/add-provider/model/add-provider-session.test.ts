/** The add-provider session: type and verification storage, and the flow's redirects. */
import { describe, expect, it } from 'vitest';
import { sampleNppesData, SAMPLE_NPI } from '../../../lib/provider/nppes-sample.ts';
import {
  ADD_PROVIDER_STORAGE_KEYS,
  addProviderRedirect,
  createAddProviderSession,
  defaultSessionStorage,
  hasVerifiedNpi,
  memoryStorage,
  type KeyValueStorage,
} from './add-provider-session.ts';
import { PROVIDER_TYPE_CHOICES, isProviderType } from './provider-type.ts';

const verification = { npi: SAMPLE_NPI, nppes_data: sampleNppesData(), validation_errors: [] };

describe('createAddProviderSession', () => {
  it('keeps the provider type under its key', () => {
    const storage = memoryStorage();
    const session = createAddProviderSession(storage);
    expect(session.providerType()).toBeNull();
    session.setProviderType('individual');
    expect(storage.getItem(ADD_PROVIDER_STORAGE_KEYS.providerType)).toBe('individual');
    expect(createAddProviderSession(storage).providerType()).toBe('individual');
  });

  it('ignores a stored type it does not know', () => {
    const storage = memoryStorage();
    storage.setItem(ADD_PROVIDER_STORAGE_KEYS.providerType, 'organization');
    expect(createAddProviderSession(storage).providerType()).toBeNull();
  });

  it('keeps the verification as JSON and reads it back', () => {
    const storage = memoryStorage();
    const session = createAddProviderSession(storage);
    session.setVerification(verification);
    expect(JSON.parse(storage.getItem(ADD_PROVIDER_STORAGE_KEYS.verification) ?? '')).toEqual(verification);
    expect(session.verification()).toEqual(verification);
    session.clearVerification();
    expect(session.verification()).toBeNull();
  });

  it('reads damaged verification data as none', () => {
    const storage = memoryStorage();
    const session = createAddProviderSession(storage);
    for (const text of ['{oops', '[]', '{"npi":""}', '{"nppes_data":{}}']) {
      storage.setItem(ADD_PROVIDER_STORAGE_KEYS.verification, text);
      expect(session.verification()).toBeNull();
    }
  });

  it('clears everything', () => {
    const storage = memoryStorage();
    const session = createAddProviderSession(storage);
    session.setProviderType('non_healthcare');
    session.setVerification(verification);
    session.clear();
    expect(session.providerType()).toBeNull();
    expect(session.verification()).toBeNull();
  });

  it('falls back to memory when the storage throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const session = createAddProviderSession(broken);
    session.setProviderType('individual');
    expect(session.providerType()).toBe('individual');
  });

  it('uses memory by default where there is no sessionStorage (Node)', () => {
    const storage = defaultSessionStorage();
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    storage.removeItem('k');
    expect(storage.getItem('k')).toBeNull();
  });
});

describe('hasVerifiedNpi', () => {
  it('needs a valid NPI and registry data with a result', () => {
    expect(hasVerifiedNpi(verification)).toBe(true);
    expect(hasVerifiedNpi(null)).toBe(false);
    expect(hasVerifiedNpi({ ...verification, npi: '1234567890' })).toBe(false);
    expect(hasVerifiedNpi({ ...verification, nppes_data: null })).toBe(false);
    expect(hasVerifiedNpi({ ...verification, nppes_data: { result_count: 0, results: [] } })).toBe(false);
  });
});

describe('addProviderRedirect', () => {
  const session = (type: 'individual' | 'non_healthcare' | null, stored: typeof verification | null = null) => ({
    providerType: () => type,
    verification: () => stored,
  });

  it('sends lookup and create to type selection when no type was chosen', () => {
    expect(addProviderRedirect('lookup', session(null))).toBe('/providers/type-selection');
    expect(addProviderRedirect('create', session(null))).toBe('/providers/type-selection');
  });

  it('renders lookup once a type is chosen', () => {
    expect(addProviderRedirect('lookup', session('individual'))).toBeNull();
  });

  it('sends an individual to lookup until the NPI is verified', () => {
    expect(addProviderRedirect('create', session('individual'))).toBe('/providers/lookup');
    expect(addProviderRedirect('create', session('individual', verification))).toBeNull();
  });

  it('lets a non-healthcare provider be created without an NPI', () => {
    expect(addProviderRedirect('create', session('non_healthcare'))).toBeNull();
  });
});

describe('provider types', () => {
  it('offers individual (to lookup) and non-healthcare (to create)', () => {
    expect(PROVIDER_TYPE_CHOICES.map((choice) => [choice.type, choice.title, choice.next])).toEqual([
      ['individual', 'Individual Provider', '/providers/lookup'],
      ['non_healthcare', 'Non-Healthcare Provider', '/providers/create'],
    ]);
    expect(isProviderType('individual')).toBe(true);
    expect(isProviderType('organization')).toBe(false);
    expect(isProviderType(null)).toBe(false);
  });
});
