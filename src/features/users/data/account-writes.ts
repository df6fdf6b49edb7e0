/**
 * The account changes an admin makes through the local database (they sync, and work
 * offline like every other edit): a profile's name and title; granting roles (approving a
 * pending sign-up as staff or admin, making someone admin) and revoking the admin role.
 * While the device syncs, a write waits for the server's answer (src/lib/local-data); a
 * refusal the server sends later (the last admin, say) comes back as a sync notice, and
 * the record returns to the server's version.
 */
import { newLocalDoc, type LocalDatabase } from '../../../db/index.ts';
import { awaitServer, insertLocal, outcomeOf, patchLocal, syncingNow, type WriteOptions, type WriteOutcome } from '../../../lib/local-data/local-write.ts';
import type { RoleName } from '../../../lib/users/account-status.ts';

export interface ProfileEdit {
  first_name: string;
  last_name: string;
  professional_title: string | null;
}

export async function saveProfile(db: LocalDatabase, userId: string, edit: ProfileEdit, options: WriteOptions = {}): Promise<WriteOutcome> {
  const patch = {
    first_name: edit.first_name.trim(),
    last_name: edit.last_name.trim(),
    professional_title: edit.professional_title?.trim() || null,
  };
  try {
    const written = await patchLocal(db.profiles, userId, patch);
    return outcomeOf(await awaitServer(db.profiles, written, options), patch);
  } catch (error) {
    console.error('[users] saving the profile failed', error);
    return 'failed';
  }
}

/** Grants each role the user does not hold yet (one new row each). */
export async function grantRoles(db: LocalDatabase, userId: string, roles: readonly RoleName[], options: WriteOptions = {}): Promise<WriteOutcome> {
  const held = new Set((await db.user_roles.find({ selector: { user_id: userId } }).exec()).map((doc) => doc.role));
  const missing = roles.filter((role) => !held.has(role));
  try {
    const outcomes = await Promise.all(
      missing.map(async (role) => {
        const record = newLocalDoc('user_roles', { user_id: userId, role });
        const written = await insertLocal(db.user_roles, record);
        return outcomeOf(await awaitServer(db.user_roles, written, options), { role });
      }),
    );
    return worst(outcomes);
  } catch (error) {
    console.error('[users] granting roles failed', error);
    return 'failed';
  }
}

/** Revokes a role (the row is soft-deleted and the deletion syncs). */
export async function revokeRole(db: LocalDatabase, userId: string, role: RoleName): Promise<WriteOutcome> {
  try {
    const docs = await db.user_roles.find({ selector: { user_id: userId, role } }).exec();
    await Promise.all(docs.map((doc) => doc.remove()));
    // A removed record cannot be watched for the server's answer: a refusal comes back as a
    // sync notice and restores the role.
    return syncingNow() ? 'saved' : 'pending';
  } catch (error) {
    console.error('[users] revoking the role failed', error);
    return 'failed';
  }
}

function worst(outcomes: readonly WriteOutcome[]): WriteOutcome {
  if (outcomes.includes('failed')) return 'failed';
  if (outcomes.includes('pending')) return 'pending';
  return 'saved';
}
