/**
 * The membership rules every page that links providers and organizations applies: the Add
 * to Organization dialog (spec §5, §8), the provider's Organizations section, an
 * organization's People tab and the memberships list. A provider is in an organization at
 * most once (the table is unique per pair, deleted rows included), so adding:
 * - is blocked when an active membership exists ('Already a member');
 * - reactivates an inactive or soft-deleted one (someone removed the provider before; the
 *   row, its id and its history are reused, and the new assigner is recorded);
 * - otherwise inserts a new active membership.
 * Removing is soft (is_active false, as for delegates): the row and its history stay, and
 * adding the provider again reactivates it.
 */
import type { ToastMessage } from '../functions/toast-message.ts';
import { ORGANIZATION_REQUIRED } from '../provider/form-fields.ts';

export { ORGANIZATION_REQUIRED } from '../provider/form-fields.ts';

export const ADD_TO_ORGANIZATION_TITLE = 'Add to Organization';
export const ALREADY_A_MEMBER: ToastMessage = {
  title: 'Already a member',
  description: 'This provider is already a member of the selected organization.',
  type: 'error',
};
export const ADD_TO_ORGANIZATION_FAILED: ToastMessage = { title: 'Error', description: 'Failed to add provider to organization', type: 'error' };
export const ADD_TO_ORGANIZATION_SUCCESS: ToastMessage = {
  title: 'Success',
  description: 'Provider added to organization successfully',
  type: 'success',
};
export const ORGANIZATIONS_LOAD_FAILED: ToastMessage = { title: 'Error', description: 'Failed to load organizations', type: 'error' };
export const MEMBERSHIPS_LOAD_FAILED: ToastMessage = { title: 'Error', description: 'Failed to load provider organization data', type: 'error' };

export interface MembershipRow {
  id: string;
  provider_id: string;
  organization_id: string;
  is_active: boolean;
  _deleted?: boolean;
}

export interface OrganizationRow {
  id: string;
  legal_name: string;
  type: string;
  is_active: boolean;
  _deleted?: boolean;
}

const isLive = (row: { is_active: boolean; _deleted?: boolean }) => row.is_active && !row._deleted;

export interface NewMembership {
  id: string;
  provider_id: string;
  organization_id: string;
  is_active: true;
  assigned_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface MembershipReactivation {
  is_active: true;
  assigned_by: string | null;
  updated_at: string;
}

export type MembershipWrite =
  | { kind: 'insert'; record: NewMembership }
  | { kind: 'update'; id: string; patch: MembershipReactivation; restoresDeleted: boolean };

export type MembershipPlan =
  | { ok: true; write: MembershipWrite }
  /** `field`: a form error shown under the select; `toast`: a refusal shown as a toast. */
  | { ok: false; field: string }
  | { ok: false; toast: ToastMessage };

export interface AddToOrganizationRequest {
  providerId: string;
  organizationId: string | null | undefined;
  /** The provider's memberships, active or not. */
  memberships: Iterable<MembershipRow>;
  userId: string | null;
  newId: string;
  now: string;
}

export function planAddToOrganization(request: AddToOrganizationRequest): MembershipPlan {
  const organizationId = request.organizationId?.trim();
  if (!organizationId) return { ok: false, field: ORGANIZATION_REQUIRED };
  const current = [...request.memberships].find(
    (row) => row.provider_id === request.providerId && row.organization_id === organizationId,
  );
  if (current && isLive(current)) return { ok: false, toast: ALREADY_A_MEMBER };
  if (current) {
    return {
      ok: true,
      write: {
        kind: 'update',
        id: current.id,
        patch: { is_active: true, assigned_by: request.userId, updated_at: request.now },
        restoresDeleted: current._deleted === true,
      },
    };
  }
  return {
    ok: true,
    write: {
      kind: 'insert',
      record: {
        id: request.newId,
        provider_id: request.providerId,
        organization_id: organizationId,
        is_active: true,
        assigned_by: request.userId,
        created_at: request.now,
        updated_at: request.now,
      },
    },
  };
}

const byLegalName = (a: OrganizationRow, b: OrganizationRow) =>
  a.legal_name.localeCompare(b.legal_name, undefined, { sensitivity: 'base' }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The dialog's choices: active organizations by legal name, each marked when the provider is already in it. */
export function organizationChoices(
  organizations: Iterable<OrganizationRow>,
  memberships: Iterable<MembershipRow>,
  providerId: string,
): Array<OrganizationRow & { isMember: boolean }> {
  const memberOf = new Set(
    [...memberships].filter((row) => row.provider_id === providerId && isLive(row)).map((row) => row.organization_id),
  );
  return [...organizations]
    .filter(isLive)
    .sort(byLegalName)
    .map((organization) => ({ ...organization, isMember: memberOf.has(organization.id) }));
}

/** The Organizations section: the provider's active memberships joined with their organization (legal_name, type). */
export function providerOrganizations<M extends MembershipRow>(
  memberships: Iterable<M>,
  organizations: Iterable<OrganizationRow>,
  providerId: string,
): Array<{ membership: M; organization: OrganizationRow }> {
  const byId = new Map([...organizations].filter((organization) => !organization._deleted).map((organization) => [organization.id, organization]));
  return [...memberships]
    .filter((row) => row.provider_id === providerId && isLive(row))
    .flatMap((membership) => {
      const organization = byId.get(membership.organization_id);
      return organization ? [{ membership, organization }] : [];
    })
    .sort((a, b) => byLegalName(a.organization, b.organization));
}

export const ORGANIZATION_TYPE_LABELS: Readonly<Record<string, string>> = {
  healthcare: 'Healthcare',
  non_healthcare: 'Non-Healthcare',
  sole_proprietor: 'Sole Proprietor',
};

export const REMOVE_MEMBERSHIP_SUCCESS: ToastMessage = { title: 'Success', description: 'Provider removed from organization', type: 'success' };
export const REMOVE_MEMBERSHIP_FAILED: ToastMessage = { title: 'Error', description: 'Failed to remove provider from organization', type: 'error' };
export const REACTIVATE_MEMBERSHIP_SUCCESS: ToastMessage = { title: 'Success', description: 'Membership reactivated', type: 'success' };
export const REACTIVATE_MEMBERSHIP_FAILED: ToastMessage = { title: 'Error', description: 'Failed to reactivate the membership', type: 'error' };

/** Soft removal (or deactivation) of a membership: it stays, inactive. */
export function deactivateMembershipPatch(now: string): { is_active: false; updated_at: string } {
  return { is_active: false, updated_at: now };
}

/** Reactivating a membership someone removed: active again, with the new assigner. */
export function reactivateMembershipPatch(userId: string | null, now: string): MembershipReactivation {
  return { is_active: true, assigned_by: userId, updated_at: now };
}
