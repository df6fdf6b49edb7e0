/**
 * The memberships as the organization pages show them: an organization's People tab (its
 * providers, active first) and the memberships list (/organization-memberships, every
 * provider–organization membership, searchable and filterable by organization, provider and
 * active). Pure: the pages join the local memberships with the providers and organizations
 * they name, and these functions decide what is shown, in what order.
 */
import { providerDisplayName, type NamedProvider } from '../provider/provider-name.ts';
import type { MembershipRow, OrganizationRow } from './membership-rules.ts';

export interface MemberProvider extends NamedProvider {
  id: string;
  npi: string | null;
  is_active: boolean;
  _deleted?: boolean;
}

export interface MembershipEntry {
  id: string;
  membership: MembershipRow;
  provider: MemberProvider;
  organization: OrganizationRow;
  providerName: string;
  /** Lowercased provider name, NPI and organization name: what the search matches. */
  searchText: string;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/** Memberships joined with their provider and organization (a membership whose provider or organization is not on this device is left out); soft-deleted rows are never shown. */
export function membershipEntries(
  memberships: Iterable<MembershipRow>,
  providers: ReadonlyMap<string, MemberProvider>,
  organizations: ReadonlyMap<string, OrganizationRow>,
): MembershipEntry[] {
  const entries: MembershipEntry[] = [];
  for (const membership of memberships) {
    if (membership._deleted) continue;
    const provider = providers.get(membership.provider_id);
    const organization = organizations.get(membership.organization_id);
    if (!provider || provider._deleted || !organization || organization._deleted) continue;
    const providerName = providerDisplayName(provider) || 'Unnamed provider';
    entries.push({
      id: membership.id,
      membership,
      provider,
      organization,
      providerName,
      searchText: [providerName, provider.npi ?? '', organization.legal_name].join(' ').toLowerCase(),
    });
  }
  return entries.sort(
    (a, b) =>
      collator.compare(a.organization.legal_name, b.organization.legal_name) ||
      collator.compare(a.provider.last_name ?? '', b.provider.last_name ?? '') ||
      collator.compare(a.providerName, b.providerName) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export type ActiveFilter = 'all' | 'active' | 'inactive';

export interface MembershipFilter {
  search: string;
  organizationId: string | null;
  providerId: string | null;
  active: ActiveFilter;
}

/** Every word of the search must appear in the provider's name, NPI or the organization's name. */
export function filterMemberships(entries: readonly MembershipEntry[], filter: MembershipFilter): MembershipEntry[] {
  const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter(
    (entry) =>
      (!filter.organizationId || entry.organization.id === filter.organizationId) &&
      (!filter.providerId || entry.provider.id === filter.providerId) &&
      (filter.active === 'all' || entry.membership.is_active === (filter.active === 'active')) &&
      words.every((word) => entry.searchText.includes(word)),
  );
}

/** An organization's People tab: its active members by name, then the removed ones (they can be added back). */
export function organizationMembers(entries: readonly MembershipEntry[], organizationId: string): { active: MembershipEntry[]; removed: MembershipEntry[] } {
  const own = entries.filter((entry) => entry.organization.id === organizationId);
  return { active: own.filter((entry) => entry.membership.is_active), removed: own.filter((entry) => !entry.membership.is_active) };
}

export interface ProviderChoice {
  id: string;
  label: string;
  /** Lowercased name and NPI. */
  keywords: string;
  isMember: boolean;
}

/** The providers the People tab's Add Provider dialog offers: the active ones by last name, each marked when already a member. */
export function providerChoices(providers: Iterable<MemberProvider>, activeMemberIds: ReadonlySet<string>): ProviderChoice[] {
  return [...providers]
    .filter((provider) => provider.is_active && !provider._deleted)
    .sort((a, b) => collator.compare(a.last_name ?? '', b.last_name ?? '') || collator.compare(a.first_name ?? '', b.first_name ?? '') || (a.id < b.id ? -1 : 1))
    .map((provider) => {
      const name = providerDisplayName(provider) || 'Unnamed provider';
      const label = provider.npi ? `${name} (NPI ${provider.npi})` : name;
      return { id: provider.id, label, keywords: label.toLowerCase(), isMember: activeMemberIds.has(provider.id) };
    });
}

export const MEMBERSHIPS_TITLE = 'Organization Memberships';
export const MEMBERSHIPS_DESCRIPTION = 'Every provider–organization membership in the directory. Deactivating one keeps it, and it can be reactivated.';
export const NO_MEMBERSHIPS_YET = 'No memberships yet';
export const NO_MATCHING_MEMBERSHIPS = 'No memberships match';
export const NO_MATCHING_MEMBERSHIPS_HINT = 'Try another name, NPI or organization, or clear the filters.';
export const NO_ORGANIZATION_PROVIDERS = 'No providers belong to this organization yet.';
export const ADD_PROVIDER_TITLE = 'Add Provider';
export const PROVIDER_REQUIRED = 'Provider is required';

export function membershipCount(shown: number, total: number): string {
  const noun = total === 1 ? 'membership' : 'memberships';
  return shown === total ? `${total.toLocaleString('en-US')} ${noun}` : `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun}`;
}
