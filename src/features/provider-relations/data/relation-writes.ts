/**
 * The writes of this feature, each planned by the pure rules of model/ and applied to the
 * local database (src/lib/local-data/local-write.ts tells whether the server took it):
 * - add a provider to an organization (src/lib/membership: a new active membership, or the old one reactivated);
 * - add a delegate (a new active approval, or the existing one updated and reactivated);
 * - remove a delegate (soft: is_active false);
 * - save the result-distribution preferences.
 */
import { newLocalDoc, type LocalDatabase } from '../../../db/index.ts';
import { planDelegateApproval, removeDelegatePatch, type DelegatePermissions } from '../model/delegate-rules.ts';
import { preferencesPatch, type PreferencesFormValues } from '../model/preferences-form.ts';
import { awaitServer, insertLocal, outcomeOf, patchLocal, type WriteOptions, type WriteOutcome } from '../../../lib/local-data/local-write.ts';

export type { AddMembershipInput, AddMembershipResult } from '../../../lib/membership/membership-writes.ts';
export { addToOrganization } from '../../../lib/membership/membership-writes.ts';

export interface Clock {
  now: () => string;
  newId: () => string;
}

const systemClock: Clock = { now: () => new Date().toISOString(), newId: () => crypto.randomUUID() };

export type DelegateResult = { ok: true; outcome: WriteOutcome } | { ok: false; error: string };

export interface AddDelegateInput {
  providerId: string | null;
  delegateId: string | null;
  permissions: DelegatePermissions;
  canViewVipPatients: boolean;
  userId: string | null;
}

export async function addDelegate(
  db: LocalDatabase,
  input: AddDelegateInput,
  options: WriteOptions & { clock?: Clock } = {},
): Promise<DelegateResult> {
  const clock = options.clock ?? systemClock;
  const providerId = input.providerId?.trim() ?? '';
  const provider = providerId ? await db.providers.findOne(providerId).exec() : null;
  const existing = providerId ? (await db.delegates.find({ selector: { provider_id: providerId } }).exec()).map((doc) => doc.toJSON()) : [];
  const plan = planDelegateApproval({
    ...input,
    providerId,
    providerExists: provider !== null,
    existing,
    newId: clock.newId(),
    now: clock.now(),
  });
  if (!plan.ok) return plan;
  const { write } = plan;
  try {
    if (write.kind === 'insert') {
      const written = await insertLocal(db.delegates, newLocalDoc('provider_delegate_approvals', write.record));
      return { ok: true, outcome: outcomeOf(await awaitServer(db.delegates, written, options), write.record) };
    }
    const written = await patchLocal(db.delegates, write.id, write.patch);
    return { ok: true, outcome: outcomeOf(await awaitServer(db.delegates, written, options), write.patch) };
  } catch (error) {
    console.error('[provider-relations] adding the delegate failed', error);
    return { ok: true, outcome: 'failed' };
  }
}

/** Soft removal (spec §4): the approval stays, inactive. */
export async function removeDelegate(
  db: LocalDatabase,
  approvalId: string,
  options: WriteOptions & { clock?: Clock } = {},
): Promise<WriteOutcome> {
  const patch = removeDelegatePatch((options.clock ?? systemClock).now());
  try {
    const written = await patchLocal(db.delegates, approvalId, patch);
    return outcomeOf(await awaitServer(db.delegates, written, options), patch);
  } catch (error) {
    console.error('[provider-relations] removing the delegate failed', error);
    return 'failed';
  }
}

export type PreferencesOutcome = WriteOutcome | 'not-found';

export async function savePreferences(
  db: LocalDatabase,
  providerId: string,
  values: PreferencesFormValues,
  options: WriteOptions & { clock?: Clock } = {},
): Promise<PreferencesOutcome> {
  const doc = await db.preferences.findOne({ selector: { provider_id: providerId } }).exec();
  if (!doc) return 'not-found';
  const patch = preferencesPatch(values, (options.clock ?? systemClock).now());
  try {
    const written = await patchLocal(db.preferences, doc.id, patch);
    return outcomeOf(await awaitServer(db.preferences, written, options), patch);
  } catch (error) {
    console.error('[provider-relations] saving the provider preferences failed', error);
    return 'failed';
  }
}
