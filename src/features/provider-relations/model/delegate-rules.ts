/**
 * Provider delegates (spec §4, §5 Delegate add, §8, §9): users allowed to order tests
 * and/or view results on a provider's behalf. The approval type follows the two
 * permissions; the user search needs three characters and shows at most ten people; an
 * approval is never duplicated: re-adding someone updates and reactivates their row (the
 * table is unique per provider and delegate), and removing one only deactivates it.
 */
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';

export const APPROVAL_TYPES = ['order', 'results', 'both'] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];

export const APPROVAL_TYPE_LABELS: Readonly<Record<ApprovalType, string>> = {
  order: 'Order tests',
  results: 'View results',
  both: 'Order tests and view results',
};

export const USER_SEARCH_MIN_CHARS = 3;
export const USER_SEARCH_MAX_RESULTS = 10;
export const USER_SEARCH_DEBOUNCE_MS = 300;

export const USER_SEARCH_TOO_SHORT = 'Please enter at least 3 characters to search';
export const NO_USERS_FOUND = 'No users found matching your search';
export const DELEGATE_SELECTION_REQUIRED = 'Please select a user and at least one permission.';
export const PROVIDER_ID_NOT_AVAILABLE = 'Provider ID not available';
export const PROVIDER_MISSING_FOR_DELEGATE = 'Cannot add delegate: Provider does not exist in the database.';
export const VIP_COMING_SOON = 'Coming Soon';

export function providerNotFoundMessage(id: string): string {
  return `Provider with ID ${id} not found`;
}

export const DELEGATE_ADDED: ToastMessage = { title: 'Success', description: 'Delegate added successfully.', type: 'success' };
export const DELEGATE_REMOVED: ToastMessage = { title: 'Success', description: 'Delegate removed successfully.', type: 'success' };
export const DELEGATES_LOAD_FAILED: ToastMessage = { title: 'Error', description: 'Failed to load delegates', type: 'error' };

export interface DelegatePermissions {
  canOrder: boolean;
  canViewResults: boolean;
}

/** both → 'both', only order → 'order', only results → 'results', none → null. */
export function approvalTypeFromPermissions({ canOrder, canViewResults }: DelegatePermissions): ApprovalType | null {
  if (canOrder && canViewResults) return 'both';
  if (canOrder) return 'order';
  return canViewResults ? 'results' : null;
}

export function permissionsFromApprovalType(type: string): DelegatePermissions {
  return { canOrder: type === 'order' || type === 'both', canViewResults: type === 'results' || type === 'both' };
}

/** Why the user search cannot run yet, or null. */
export function userSearchIssue(query: string): string | null {
  return query.trim().length < USER_SEARCH_MIN_CHARS ? USER_SEARCH_TOO_SHORT : null;
}

export interface SearchableProfile {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  _deleted?: boolean;
}

/**
 * The local equivalent of the server search (spec §7: first name, last name or email
 * substring, limit 10): case-insensitive, sorted by last then first name; empty until the
 * query is long enough.
 */
export function searchProfiles<P extends SearchableProfile>(profiles: Iterable<P>, query: string, limit = USER_SEARCH_MAX_RESULTS): P[] {
  if (userSearchIssue(query)) return [];
  const needle = query.trim().toLowerCase();
  const text = (value: string | null) => (value ?? '').toLowerCase();
  const matches: P[] = [];
  for (const profile of profiles) {
    if (profile._deleted) continue;
    if ([profile.first_name, profile.last_name, profile.email].some((field) => text(field).includes(needle))) matches.push(profile);
  }
  const key = (profile: P) => [text(profile.last_name), text(profile.first_name), text(profile.email), profile.id] as const;
  matches.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] as string) < (kb[i] as string) ? -1 : 1;
    return 0;
  });
  return matches.slice(0, limit);
}

export interface DelegateApprovalRow {
  id: string;
  provider_id: string;
  delegate_id: string;
  approval_type: string;
  can_view_vip_patients: boolean;
  is_active: boolean;
  _deleted?: boolean;
}

/** What the Provider Delegates card lists: active, not deleted, for this provider. */
export function activeDelegates<R extends DelegateApprovalRow>(approvals: Iterable<R>, providerId: string): R[] {
  return [...approvals].filter((row) => row.provider_id === providerId && row.is_active && !row._deleted);
}

export interface NewDelegateApproval {
  id: string;
  provider_id: string;
  delegate_id: string;
  approval_type: ApprovalType;
  can_view_vip_patients: boolean;
  is_active: true;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface DelegateApprovalPatch {
  approval_type: ApprovalType;
  can_view_vip_patients: boolean;
  is_active: true;
  updated_at: string;
}

export type DelegateWrite =
  | { kind: 'insert'; record: NewDelegateApproval }
  /** `restoresDeleted`: the row was soft-deleted and must be revived under its id. */
  | { kind: 'update'; id: string; patch: DelegateApprovalPatch; restoresDeleted: boolean };

export interface DelegateRequest {
  providerId: string | null | undefined;
  /** False when the provider record cannot be found. */
  providerExists: boolean;
  delegateId: string | null | undefined;
  permissions: DelegatePermissions;
  canViewVipPatients: boolean;
  /** The provider's approvals, active or not, to find one to reactivate. */
  existing: Iterable<DelegateApprovalRow>;
  userId: string | null;
  newId: string;
  now: string;
}

export type DelegatePlan = { ok: true; write: DelegateWrite } | { ok: false; error: string };

/** The write that adds a delegate: a new approval, or the existing one updated and reactivated. */
export function planDelegateApproval(request: DelegateRequest): DelegatePlan {
  const providerId = request.providerId?.trim();
  if (!providerId) return { ok: false, error: PROVIDER_ID_NOT_AVAILABLE };
  const type = approvalTypeFromPermissions(request.permissions);
  const delegateId = request.delegateId?.trim();
  if (!delegateId || !type) return { ok: false, error: DELEGATE_SELECTION_REQUIRED };
  if (!request.providerExists) return { ok: false, error: PROVIDER_MISSING_FOR_DELEGATE };

  const current = [...request.existing].find((row) => row.provider_id === providerId && row.delegate_id === delegateId);
  if (current) {
    return {
      ok: true,
      write: {
        kind: 'update',
        id: current.id,
        patch: { approval_type: type, can_view_vip_patients: request.canViewVipPatients, is_active: true, updated_at: request.now },
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
        provider_id: providerId,
        delegate_id: delegateId,
        approval_type: type,
        can_view_vip_patients: request.canViewVipPatients,
        is_active: true,
        created_by: request.userId,
        created_at: request.now,
        updated_at: request.now,
      },
    },
  };
}

/** Removing a delegate is a soft removal (spec §4). */
export function removeDelegatePatch(now: string): { is_active: false; updated_at: string } {
  return { is_active: false, updated_at: now };
}
