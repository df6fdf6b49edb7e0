/**
 * What the add-provider flow keeps for the browser session (spec §2, §4): the chosen
 * provider type, and the NPI with its verify-npi answer (the registry data the create step
 * saves). sessionStorage survives a reload of the tab but not closing it, which is what a
 * half-finished form should do on a shared clinic computer. The storage is injectable so
 * the rules are tested in Node, and a storage that throws (private modes, quotas) degrades
 * to memory instead of breaking the flow.
 */
import { isJsonObject } from '../../../lib/provider/json-field.ts';
import { hasVerifiedNpi, type StoredNpiVerification } from '../../../lib/provider-create/npi-verification.ts';
import { defaultSessionStorage, memoryStorage, type KeyValueStorage } from '../../../lib/browser/session-storage.ts';
import { ADD_PROVIDER_PATHS, isProviderType, type ProviderType } from './provider-type.ts';

export { hasVerifiedNpi, type StoredNpiVerification } from '../../../lib/provider-create/npi-verification.ts';
export { defaultSessionStorage, memoryStorage, type KeyValueStorage } from '../../../lib/browser/session-storage.ts';

export const ADD_PROVIDER_STORAGE_KEYS = {
  providerType: 'add-provider.provider-type',
  verification: 'add-provider.npi-verification',
} as const;

export interface AddProviderSession {
  providerType(): ProviderType | null;
  setProviderType(type: ProviderType): void;
  verification(): StoredNpiVerification | null;
  setVerification(verification: StoredNpiVerification): void;
  clearVerification(): void;
  /** Forget everything (after the provider was created). */
  clear(): void;
}

export function createAddProviderSession(storage: KeyValueStorage = defaultSessionStorage()): AddProviderSession {
  const fallback = memoryStorage();
  let active: KeyValueStorage = storage;
  // One failing call moves the whole session to memory, so reads and writes stay consistent.
  const withStorage = <R>(run: (store: KeyValueStorage) => R): R => {
    try {
      return run(active);
    } catch {
      active = fallback;
      return run(active);
    }
  };
  return {
    providerType: () => {
      const value = withStorage((store) => store.getItem(ADD_PROVIDER_STORAGE_KEYS.providerType));
      return isProviderType(value) ? value : null;
    },
    setProviderType: (type) => withStorage((store) => store.setItem(ADD_PROVIDER_STORAGE_KEYS.providerType, type)),
    verification: () => parseVerification(withStorage((store) => store.getItem(ADD_PROVIDER_STORAGE_KEYS.verification))),
    setVerification: (verification) =>
      withStorage((store) => store.setItem(ADD_PROVIDER_STORAGE_KEYS.verification, JSON.stringify(verification))),
    clearVerification: () => withStorage((store) => store.removeItem(ADD_PROVIDER_STORAGE_KEYS.verification)),
    clear: () =>
      withStorage((store) => {
        store.removeItem(ADD_PROVIDER_STORAGE_KEYS.providerType);
        store.removeItem(ADD_PROVIDER_STORAGE_KEYS.verification);
      }),
  };
}

function parseVerification(text: string | null): StoredNpiVerification | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isJsonObject(value) || typeof value.npi !== 'string' || value.npi.trim() === '') return null;
  return value as unknown as StoredNpiVerification;
}

/**
 * Where a step of the flow sends the user instead of rendering, or null to render:
 * lookup needs a chosen type; create needs a type, and for an individual the NPI and
 * registry data.
 */
export function addProviderRedirect(step: 'lookup' | 'create', session: Pick<AddProviderSession, 'providerType' | 'verification'>): string | null {
  const type = session.providerType();
  if (type === null) return ADD_PROVIDER_PATHS.typeSelection;
  if (step === 'create' && type === 'individual' && !hasVerifiedNpi(session.verification())) return ADD_PROVIDER_PATHS.lookup;
  return null;
}
