/** Adding a provider to an organization (spec §5, §8) and the Organizations section. */
import { describe, expect, it } from 'vitest';
import {
  ALREADY_A_MEMBER,
  organizationChoices,
  planAddToOrganization,
  providerOrganizations,
  type AddToOrganizationRequest,
  type MembershipRow,
  type OrganizationRow,
} from './add-to-organization.ts';

const NOW = '2026-05-06T07:08:09.000Z';

const request = (overrides: Partial<AddToOrganizationRequest> = {}): AddToOrganizationRequest => ({
  providerId: 'prov-1',
  organizationId: 'org-1',
  memberships: [],
  userId: 'user-1',
  newId: 'mem-new',
  now: NOW,
  ...overrides,
});

const membership = (overrides: Partial<MembershipRow> = {}): MembershipRow => ({
  id: 'mem-1',
  provider_id: 'prov-1',
  organization_id: 'org-1',
  is_active: true,
  ...overrides,
});

describe('planAddToOrganization', () => {
  it('requires an organization', () => {
    expect(planAddToOrganization(request({ organizationId: '' }))).toEqual({ ok: false, field: 'Organization is required' });
    expect(planAddToOrganization(request({ organizationId: null }))).toEqual({ ok: false, field: 'Organization is required' });
  });

  it('inserts an active membership assigned by the user', () => {
    expect(planAddToOrganization(request({ memberships: [membership({ organization_id: 'org-2' })] }))).toEqual({
      ok: true,
      write: {
        kind: 'insert',
        record: {
          id: 'mem-new',
          provider_id: 'prov-1',
          organization_id: 'org-1',
          is_active: true,
          assigned_by: 'user-1',
          created_at: NOW,
          updated_at: NOW,
        },
      },
    });
  });

  it("blocks an active duplicate: 'Already a member'", () => {
    expect(planAddToOrganization(request({ memberships: [membership()] }))).toEqual({ ok: false, toast: ALREADY_A_MEMBER });
    expect(ALREADY_A_MEMBER).toEqual({
      title: 'Already a member',
      description: 'This provider is already a member of the selected organization.',
      type: 'error',
    });
  });

  it('reactivates an inactive membership', () => {
    expect(planAddToOrganization(request({ memberships: [membership({ is_active: false })] }))).toEqual({
      ok: true,
      write: { kind: 'update', id: 'mem-1', patch: { is_active: true, assigned_by: 'user-1', updated_at: NOW }, restoresDeleted: false },
    });
  });

  it('revives a soft-deleted membership', () => {
    const plan = planAddToOrganization(request({ memberships: [membership({ _deleted: true })] }));
    expect(plan).toEqual({
      ok: true,
      write: { kind: 'update', id: 'mem-1', patch: { is_active: true, assigned_by: 'user-1', updated_at: NOW }, restoresDeleted: true },
    });
  });

  it("ignores another provider's membership of the organization", () => {
    const plan = planAddToOrganization(request({ memberships: [membership({ provider_id: 'prov-2' })] }));
    expect(plan.ok && plan.write.kind).toBe('insert');
  });
});

describe('organization lists', () => {
  const organizations: OrganizationRow[] = [
    { id: 'o3', legal_name: 'zeta Labs', type: 'healthcare', is_active: true },
    { id: 'o1', legal_name: 'Alpha Clinic', type: 'healthcare', is_active: true },
    { id: 'o2', legal_name: 'Beta Billing', type: 'non_healthcare', is_active: false },
    { id: 'o4', legal_name: 'Gamma', type: 'sole_proprietor', is_active: true, _deleted: true },
  ];
  const memberships: MembershipRow[] = [
    membership({ id: 'm1', organization_id: 'o3' }),
    membership({ id: 'm2', organization_id: 'o1', is_active: false }),
    membership({ id: 'm3', organization_id: 'o2' }),
    membership({ id: 'm4', organization_id: 'o4' }),
    membership({ id: 'm5', provider_id: 'prov-2', organization_id: 'o1' }),
  ];

  it('offers active organizations by legal name, marking current memberships', () => {
    expect(organizationChoices(organizations, memberships, 'prov-1').map((o) => [o.id, o.isMember])).toEqual([
      ['o1', false],
      ['o3', true],
    ]);
  });

  it("lists the provider's active memberships with their organization", () => {
    expect(providerOrganizations(memberships, organizations, 'prov-1').map(({ membership: m, organization: o }) => [m.id, o.legal_name])).toEqual([
      ['m3', 'Beta Billing'],
      ['m1', 'zeta Labs'],
    ]);
  });
});
