/**
 * Saving a new provider (spec §4 creation flow, §7 create sequence) in a local-first app:
 * three writes to the local database, parents first — the provider, its membership in the
 * chosen organization, then its preferences — which replicate to the server in the same
 * order. Because they are local writes, a provider verified online can be saved offline.
 *
 * Before writing, the NPI is checked against the providers on this device ('Provider
 * Already Exists'). The database has the last word (a unique index on live NPIs): a
 * provider saved offline whose NPI someone else added meanwhile is refused on push, and
 * the sync layer removes it and tells the user. A write that fails midway undoes the
 * earlier ones, so no half-created provider is left behind.
 */
import { newLocalDoc, providerByNpi, type JsonValue, type LocalDatabase } from '../../db/index.ts';
import type { ToastMessage } from '../functions/toast-message.ts';
import type { StoredNpiVerification } from './npi-verification.ts';
import type { CreateProviderValues } from './create-provider-schema.ts';
import { CREATE_PROVIDER_FAILED, planProviderCreation, providerAddedToast, type ExistingProvider } from './create-sequence.ts';
import type { ProviderType } from './provider-type.ts';

export interface NewProviderRequest {
  values: CreateProviderValues;
  providerType: ProviderType;
  verification: StoredNpiVerification | null;
  userId: string | null | undefined;
}

export type NewProviderOutcome = { ok: true; providerId: string; toast: ToastMessage } | { ok: false; toast: ToastMessage };

export interface SaveClock {
  now(): string;
  newId(): string;
}

const systemClock: SaveClock = { now: () => new Date().toISOString(), newId: () => crypto.randomUUID() };

/** The live providers on this device with this NPI (none for a provider without one). */
async function providersWithNpi(db: LocalDatabase, npi: string | null | undefined): Promise<ExistingProvider[]> {
  const wanted = npi?.trim();
  if (!wanted) return [];
  const doc = await providerByNpi(db, wanted).exec();
  return doc ? [{ id: doc.id, npi: doc.npi }] : [];
}

export async function saveNewProvider(db: LocalDatabase, request: NewProviderRequest, clock: SaveClock = systemClock): Promise<NewProviderOutcome> {
  const individual = request.providerType === 'individual';
  let existingProviders: ExistingProvider[];
  try {
    existingProviders = await providersWithNpi(db, individual ? request.verification?.npi : null);
  } catch (error) {
    console.error('[add-provider] reading the providers on this device failed', error);
    return { ok: false, toast: CREATE_PROVIDER_FAILED };
  }
  const plan = planProviderCreation({
    ...request,
    ids: { provider: clock.newId(), membership: clock.newId(), preferences: clock.newId() },
    now: clock.now(),
    existingProviders,
  });
  if (!plan.ok) return { ok: false, toast: plan.error };

  const { provider, membership, preferences } = plan.records;
  const undo: Array<() => Promise<unknown>> = [];
  try {
    const providerDoc = await db.providers.insert(
      // The registry data and the PECOS evidence are JSON from verify-npi and verify-pecos; the column type says JsonValue.
      newLocalDoc('providers', {
        ...provider,
        nppes_data: provider.nppes_data as unknown as JsonValue,
        pecos_verification_data: provider.pecos_verification_data as JsonValue,
      }),
    );
    undo.push(() => providerDoc.remove());
    const membershipDoc = await db.memberships.insert(newLocalDoc('provider_organization_memberships', membership));
    undo.push(() => membershipDoc.remove());
    await db.preferences.insert(newLocalDoc('provider_preferences', preferences));
  } catch (error) {
    console.error('[add-provider] saving the new provider failed', error);
    for (const step of undo.reverse()) {
      await step().catch((undoError: unknown) => console.error('[add-provider] undoing a partial save failed', undoError));
    }
    return { ok: false, toast: CREATE_PROVIDER_FAILED };
  }
  return { ok: true, providerId: provider.id, toast: providerAddedToast(provider) };
}
