/**
 * The membership writes every page that links providers and organizations makes (the
 * provider's Add to Organization dialog, an organization's People tab, the memberships
 * list), each planned by membership-rules.ts and applied to the local database
 * (src/lib/local-data/local-write.ts tells whether the server took it):
 * - add a provider to an organization (a new active membership, or the old one reactivated);
 * - deactivate (remove) a membership, softly;
 * - reactivate one.
 */
import { newLocalDoc, type LocalDatabase } from '../../db/index.ts';
import type { ToastMessage } from '../functions/toast-message.ts';
import { awaitServer, insertLocal, outcomeOf, patchLocal, type WriteOptions, type WriteOutcome } from '../local-data/local-write.ts';
import { deactivateMembershipPatch, planAddToOrganization, reactivateMembershipPatch } from './membership-rules.ts';

export interface Clock {
  now: () => string;
  newId: () => string;
}

const systemClock: Clock = { now: () => new Date().toISOString(), newId: () => crypto.randomUUID() };

export type AddMembershipResult =
  | { ok: true; outcome: WriteOutcome }
  | { ok: false; field: string }
  | { ok: false; toast: ToastMessage };

export interface AddMembershipInput {
  providerId: string;
  organizationId: string | null;
  userId: string | null;
}

export async function addToOrganization(
  db: LocalDatabase,
  input: AddMembershipInput,
  options: WriteOptions & { clock?: Clock } = {},
): Promise<AddMembershipResult> {
  const clock = options.clock ?? systemClock;
  const memberships = (await db.memberships.find({ selector: { provider_id: input.providerId } }).exec()).map((doc) => doc.toJSON());
  const plan = planAddToOrganization({ ...input, memberships, newId: clock.newId(), now: clock.now() });
  if (!plan.ok) return plan;
  const { write } = plan;
  try {
    if (write.kind === 'insert') {
      const written = await insertLocal(db.memberships, newLocalDoc('provider_organization_memberships', write.record));
      // created_at, updated_at and assigned_by are written by the server (its clock, the caller):
      // whether the membership stuck is told by the fields the user chose.
      const { provider_id, organization_id, is_active } = write.record;
      return { ok: true, outcome: outcomeOf(await awaitServer(db.memberships, written, options), { provider_id, organization_id, is_active }) };
    }
    const written = await patchLocal(db.memberships, write.id, write.patch);
    return { ok: true, outcome: outcomeOf(await awaitServer(db.memberships, written, options), { is_active: write.patch.is_active }) };
  } catch (error) {
    console.error('[memberships] adding the provider to the organization failed', error);
    return { ok: true, outcome: 'failed' };
  }
}

/** Sets a membership active or not (remove / reactivate). */
export async function setMembershipActive(
  db: LocalDatabase,
  membershipId: string,
  active: boolean,
  userId: string | null,
  options: WriteOptions & { clock?: Clock } = {},
): Promise<WriteOutcome> {
  const now = (options.clock ?? systemClock).now();
  const patch = active ? reactivateMembershipPatch(userId, now) : deactivateMembershipPatch(now);
  try {
    const written = await patchLocal(db.memberships, membershipId, patch);
    return outcomeOf(await awaitServer(db.memberships, written, options), patch);
  } catch (error) {
    console.error(`[memberships] ${active ? 'reactivating' : 'removing'} the membership failed`, error);
    return 'failed';
  }
}
