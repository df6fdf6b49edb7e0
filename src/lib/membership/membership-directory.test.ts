import { describe, expect, it } from 'vitest';
import { filterMemberships, membershipCount, membershipEntries, organizationMembers, providerChoices, type MemberProvider } from './membership-directory.ts';
import type { MembershipRow, OrganizationRow } from './membership-rules.ts';

const providers = new Map<string, MemberProvider>([
  ['p1', { id: 'p1', first_name: 'Ada', last_name: 'Zeller', credential: 'MD', npi: '1234567893', is_active: true }],
  ['p2', { id: 'p2', first_name: 'Bo', last_name: 'Adams', credential: null, npi: null, is_active: true }],
  ['p3', { id: 'p3', first_name: 'Cy', last_name: 'Gone', credential: null, npi: null, is_active: false, _deleted: true }],
]);
const organizations = new Map<string, OrganizationRow>([
  ['o1', { id: 'o1', legal_name: 'Hudson Clinic', type: 'healthcare', is_active: true }],
  ['o2', { id: 'o2', legal_name: 'Acme Drug Testing', type: 'non_healthcare', is_active: true }],
]);
const memberships: MembershipRow[] = [
  { id: 'm1', provider_id: 'p1', organization_id: 'o1', is_active: true },
  { id: 'm2', provider_id: 'p2', organization_id: 'o1', is_active: false },
  { id: 'm3', provider_id: 'p2', organization_id: 'o2', is_active: true },
  { id: 'm4', provider_id: 'p3', organization_id: 'o1', is_active: true },
  { id: 'm5', provider_id: 'p1', organization_id: 'o2', is_active: true, _deleted: true },
  { id: 'm6', provider_id: 'unknown', organization_id: 'o2', is_active: true },
];

describe('membershipEntries', () => {
  it('joins each membership with its provider and organization, leaving out deleted rows and those not on the device, by organization then last name', () => {
    const entries = membershipEntries(memberships, providers, organizations);
    expect(entries.map((entry) => entry.id)).toEqual(['m3', 'm2', 'm1']);
    expect(entries[2]?.providerName).toBe('Ada Zeller, MD');
  });
});

describe('filterMemberships', () => {
  const entries = membershipEntries(memberships, providers, organizations);
  const none = { search: '', organizationId: null, providerId: null, active: 'all' as const };
  it('matches every word of the search in the provider name, NPI or organization', () => {
    expect(filterMemberships(entries, { ...none, search: 'zeller hudson' }).map((entry) => entry.id)).toEqual(['m1']);
    expect(filterMemberships(entries, { ...none, search: '1234567893' }).map((entry) => entry.id)).toEqual(['m1']);
    expect(filterMemberships(entries, { ...none, search: 'acme zeller' })).toEqual([]);
  });
  it('filters by organization, provider and active', () => {
    expect(filterMemberships(entries, { ...none, organizationId: 'o1' }).map((entry) => entry.id)).toEqual(['m2', 'm1']);
    expect(filterMemberships(entries, { ...none, providerId: 'p2' }).map((entry) => entry.id)).toEqual(['m3', 'm2']);
    expect(filterMemberships(entries, { ...none, active: 'inactive' }).map((entry) => entry.id)).toEqual(['m2']);
    expect(filterMemberships(entries, { ...none, active: 'active' }).map((entry) => entry.id)).toEqual(['m3', 'm1']);
  });
});

describe('organizationMembers', () => {
  it('splits the organization’s memberships into active and removed', () => {
    const { active, removed } = organizationMembers(membershipEntries(memberships, providers, organizations), 'o1');
    expect(active.map((entry) => entry.id)).toEqual(['m1']);
    expect(removed.map((entry) => entry.id)).toEqual(['m2']);
  });
});

describe('providerChoices', () => {
  it('offers the active providers by last name with their NPI, marking the members', () => {
    expect(providerChoices(providers.values(), new Set(['p1']))).toEqual([
      { id: 'p2', label: 'Bo Adams', keywords: 'bo adams', isMember: false },
      { id: 'p1', label: 'Ada Zeller, MD (NPI 1234567893)', keywords: 'ada zeller, md (npi 1234567893)', isMember: true },
    ]);
  });
});

describe('membershipCount', () => {
  it('says how many the filters show', () => {
    expect(membershipCount(1, 1)).toBe('1 membership');
    expect(membershipCount(3, 1200)).toBe('3 of 1,200 memberships');
  });
});
