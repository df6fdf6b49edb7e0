/**
 * What the add-organization flow keeps for the browser session, as the provider flow does
 * (lib/browser/session-storage.ts): the chosen type, and the NPI with the lookup's answer
 * (what the create step saves and prefills from). Only an answer the lookup accepted is
 * kept, so the create step can never save an NPI the registry flagged.
 */
import { defaultSessionStorage, resilientStorage, type KeyValueStorage } from '../../../lib/browser/session-storage.ts';
import type { NpiVerificationResult } from '../../../lib/functions/types.ts';
import { isValidNpi } from '../../../lib/provider/npi.ts';
import { isOrganizationType, typeNeedsNpi, type OrganizationType } from '../../../lib/organization/rules.ts';
import { ORGANIZATION_PATHS } from './organization-paths.ts';

export const ADD_ORGANIZATION_STORAGE_KEYS = {
  type: 'add-organization.type',
  verification: 'add-organization.npi-verification',
} as const;

/** The lookup's answer as the flow keeps it, with the type it was looked up for. */
export type StoredOrganizationLookup = NpiVerificationResult & { looked_up_as: OrganizationType };

export interface AddOrganizationSession {
  organizationType(): OrganizationType | null;
  setOrganizationType(type: OrganizationType): void;
  verification(): StoredOrganizationLookup | null;
  setVerification(verification: StoredOrganizationLookup): void;
  clearVerification(): void;
  clear(): void;
}

export function createAddOrganizationSession(storage: KeyValueStorage = defaultSessionStorage()): AddOrganizationSession {
  const store = resilientStorage(storage);
  return {
    organizationType: () => {
      const value = store.getItem(ADD_ORGANIZATION_STORAGE_KEYS.type);
      return isOrganizationType(value) ? value : null;
    },
    setOrganizationType: (type) => store.setItem(ADD_ORGANIZATION_STORAGE_KEYS.type, type),
    verification: () => parseVerification(store.getItem(ADD_ORGANIZATION_STORAGE_KEYS.verification)),
    setVerification: (verification) => store.setItem(ADD_ORGANIZATION_STORAGE_KEYS.verification, JSON.stringify(verification)),
    clearVerification: () => store.removeItem(ADD_ORGANIZATION_STORAGE_KEYS.verification),
    clear: () => {
      store.removeItem(ADD_ORGANIZATION_STORAGE_KEYS.type);
      store.removeItem(ADD_ORGANIZATION_STORAGE_KEYS.verification);
    },
  };
}

function parseVerification(text: string | null): StoredOrganizationLookup | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Partial<StoredOrganizationLookup>;
    if (typeof record.npi !== 'string' || !isValidNpi(record.npi) || !isOrganizationType(record.looked_up_as)) return null;
    return record as StoredOrganizationLookup;
  } catch {
    return null;
  }
}

/** The kept lookup, when it is for this type of organization. */
export function lookupFor(session: Pick<AddOrganizationSession, 'verification'>, type: OrganizationType): StoredOrganizationLookup | null {
  const kept = session.verification();
  return kept && kept.looked_up_as === type ? kept : null;
}

/**
 * Where a step sends the user instead of rendering (null: render): the lookup needs a type
 * that has an NPI; create needs a type, and for a type with an NPI a kept lookup of it.
 */
export function addOrganizationRedirect(step: 'lookup' | 'create', session: Pick<AddOrganizationSession, 'organizationType' | 'verification'>): string | null {
  const type = session.organizationType();
  if (type === null) return ORGANIZATION_PATHS.typeSelection;
  if (step === 'lookup') return typeNeedsNpi(type) ? null : ORGANIZATION_PATHS.create;
  if (typeNeedsNpi(type) && !lookupFor(session, type)) return ORGANIZATION_PATHS.lookup;
  return null;
}
