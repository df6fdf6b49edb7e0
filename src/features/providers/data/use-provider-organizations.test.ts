/** The Organizations section's join: active memberships, the default organization, the order. */
import { describe, expect, it } from 'vitest';
import { joinOrganizations } from './use-provider-organizations.ts';

const organizations = new Map(
  [
    { id: 'o1', legal_name: 'Zenith Clinic', type: 'healthcare', is_active: true },
    { id: 'o2', legal_name: 'Albany Labs', type: 'non_healthcare', is_active: true },
    { id: 'o3', legal_name: 'Closed Practice', type: 'sole_proprietor', is_active: false },
  ].map((organization) => [organization.id, organization] as const),
);

describe('joinOrganizations', () => {
  it('lists active memberships with their organization, the default first, then by name', () => {
    const rows = joinOrganizations(
      [
        { organization_id: 'o2', is_active: true, created_at: '2025-01-01' },
        { organization_id: 'o1', is_active: true, created_at: '2025-02-01' },
        { organization_id: 'o3', is_active: false, created_at: '2025-03-01' },
        { organization_id: 'missing', is_active: true, created_at: '2025-03-01' },
      ],
      organizations,
      'o1',
    );
    expect(rows).toEqual([
      { id: 'o1', legalName: 'Zenith Clinic', type: 'healthcare', isActive: true, isDefault: true, since: '2025-02-01' },
      { id: 'o2', legalName: 'Albany Labs', type: 'non_healthcare', isActive: true, isDefault: false, since: '2025-01-01' },
    ]);
  });

  it('shows the default organization even without a membership', () => {
    expect(joinOrganizations([], organizations, 'o3')).toEqual([
      { id: 'o3', legalName: 'Closed Practice', type: 'sole_proprietor', isActive: false, isDefault: true, since: null },
    ]);
    expect(joinOrganizations([], organizations, null)).toEqual([]);
  });
});
