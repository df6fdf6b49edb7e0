/**
 * What order entry chooses before the user does (issue 46: a two-test order took 111
 * keystrokes): the organization the user orders for (the only one, or the one of most of
 * their recent orders on this device), the provider who orders for it (the only one who may,
 * or the one the user chose most often for it), and who pays (the patient's insurance when
 * there is one on file, the patient when they pay themselves). Every default is shown in its
 * field and can be changed; nothing is chosen when the device has no reason to. An order
 * holding nothing but the defaults is not one the user started: it is not kept as a draft.
 * Pure: the entry page calls these.
 */
import { confirmedExclusion, type ExclusionScreening } from '../../../lib/exclusions/order-exclusion.ts';
import type { Coverage, OrderDraft } from './order-draft.ts';

/** How many of the user's latest orders say which organization and provider are theirs. */
export const RECENT_ORDERS = 20;

/** What the defaults read of an order on the device. */
export interface PastOrder {
  organization_id: string | null;
  provider_id: string | null;
  created_by: string | null;
  created_at: string;
  status: string;
}

/** The user's latest orders (not cancelled), newest first, at most RECENT_ORDERS. */
function recentOrdersOf(orders: readonly PastOrder[], userId: string | null): PastOrder[] {
  if (!userId) return [];
  return orders
    .filter((order) => order.created_by === userId && order.status !== 'cancelled')
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, RECENT_ORDERS);
}

/** The value most of `values` share among `allowed` (a tie: the one seen first, i.e. the most recent); null when none. */
function mostUsed(values: ReadonlyArray<string | null>, allowed: ReadonlySet<string>): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value && allowed.has(value)) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)!) best = value;
  return best;
}

/** The organization a new order starts with: the only active one, else the one of most of the user's recent orders. */
export function defaultOrganizationId(organizations: ReadonlyArray<{ id: string }>, orders: readonly PastOrder[], userId: string | null): string | null {
  if (organizations.length === 1) return organizations[0]!.id;
  return mostUsed(
    recentOrdersOf(orders, userId).map((order) => order.organization_id),
    new Set(organizations.map((organization) => organization.id)),
  );
}

/**
 * The ordering provider a new order of `organizationId` starts with, among the organization's
 * active providers that may order (a provider on the exclusion list is never chosen for the
 * user): the only one, else the one of most of the user's recent orders for this organization.
 */
export function defaultProviderId(
  providers: ReadonlyArray<{ id: string } & ExclusionScreening>,
  orders: readonly PastOrder[],
  userId: string | null,
  organizationId: string,
): string | null {
  const candidates = providers.filter((provider) => confirmedExclusion(provider) === null);
  if (candidates.length === 1) return candidates[0]!.id;
  return mostUsed(
    recentOrdersOf(orders, userId)
      .filter((order) => order.organization_id === organizationId)
      .map((order) => order.provider_id),
    new Set(candidates.map((provider) => provider.id)),
  );
}

/**
 * Who pays, once the patient is chosen: their insurance when they have any on file (the
 * primary coverage first), the patient when their only coverage is self-pay; nothing
 * (the user chooses) when the patient has no coverage on file.
 */
export function defaultBilling(coverages: readonly Coverage[]): Pick<OrderDraft, 'billing' | 'coverageRank'> {
  const insured = coverages.filter((coverage) => coverage.payer_type !== 'self_pay');
  const pays = insured.find((coverage) => coverage.rank === 'primary') ?? insured[0];
  if (pays) return { billing: 'insurance', coverageRank: pays.rank };
  if (coverages.length > 0) return { billing: 'patient', coverageRank: null };
  return { billing: null, coverageRank: null };
}

/** The organization and provider the page chose (null: none, or the user chose). */
export interface ChosenByDefault {
  organizationId: string | null;
  providerId: string | null;
}

/** The order as the user entered it: the organization and provider the page chose for them count as not entered. */
export function enteredByUser(draft: OrderDraft, defaulted: ChosenByDefault): OrderDraft {
  return {
    ...draft,
    organizationId: draft.organizationId === defaulted.organizationId ? null : draft.organizationId,
    providerId: draft.providerId === defaulted.providerId ? null : draft.providerId,
  };
}
