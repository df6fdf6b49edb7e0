import { describe, expect, it } from 'vitest';
import type { OrganizationDoc } from '../../../db/index.ts';
import type { StoredOrganizationLookup } from './add-organization-session.ts';
import { registryRefresh } from './registry-refresh.ts';

const NOW = '2026-11-25T12:00:00.000Z';

const address = {
  address_line_1: '12 MAPLE AVE',
  address_line_2: null,
  city: 'SARATOGA SPRINGS',
  state: 'NY',
  postal_code: '128663456',
  telephone_number: '518-555-0100',
  fax_number: null,
};

const lookup = {
  npi: '1973110046',
  enumeration_type: 'NPI-2',
  legal_name: 'ADIRONDACK PEDIATRIC ASSOCIATES PC',
  dba_name: 'ADIRONDACK KIDS CARE',
  primary_taxonomy_code: '208000000X',
  primary_taxonomy_description: 'Pediatrics',
  primary_address: address,
  mailing_address: address,
  validation_errors: [],
  error: null,
  nppes_data: { result_count: 1 },
  authorized_official: { first_name: 'MARGARET', middle_name: 'L', last_name: 'HOLLOWAY', credential: null, title: 'CEO', phone: null },
  looked_up_as: 'healthcare',
} as unknown as StoredOrganizationLookup;

const record = {
  id: 'o1',
  type: 'healthcare',
  legal_name: 'Adirondack Pediatric Associates PC',
  dba_name: 'Adirondack Kids Care',
  npi: '1973110046',
  practice_address: { line1: '12 Maple Ave', line2: null, city: 'Saratoga Springs', state: 'NY', zip: '12866-3456' },
  phone: '518-555-0100',
  fax: null,
  authorized_official: lookup.authorized_official,
  primary_taxonomy_code: '208000000X',
  primary_taxonomy_description: 'Pediatrics',
} as unknown as OrganizationDoc;

describe('registryRefresh', () => {
  it('finds nothing to change when the record matches the registry, and still records the verification', () => {
    const refresh = registryRefresh(record, lookup, NOW);
    expect(refresh.changes).toEqual([]);
    expect(refresh.patch).toMatchObject({ nppes_verified_at: NOW, primary_taxonomy_code: '208000000X' });
    expect(refresh.patch.legal_name).toBeUndefined();
  });

  it('lists what the registry now says differently, and writes only that with the registry answer', () => {
    const moved = {
      ...lookup,
      legal_name: 'ADIRONDACK PEDIATRICS PLLC',
      primary_address: { ...address, address_line_1: '40 BROADWAY', telephone_number: '518-555-0199' },
      authorized_official: { ...lookup.authorized_official, first_name: 'JAMES', middle_name: null, last_name: 'ORTIZ' },
    } as unknown as StoredOrganizationLookup;
    const refresh = registryRefresh(record, moved, NOW);
    expect(refresh.changes).toEqual([
      { field: 'legal_name', label: 'Legal name', current: 'Adirondack Pediatric Associates PC', next: 'Adirondack Pediatrics PLLC' },
      { field: 'practice_address', label: 'Practice address', current: '12 Maple Ave, Saratoga Springs, NY 12866-3456', next: '40 Broadway, Saratoga Springs, NY 12866-3456' },
      { field: 'phone', label: 'Phone', current: '518-555-0100', next: '518-555-0199' },
      { field: 'authorized_official', label: 'Authorized official', current: 'MARGARET L HOLLOWAY', next: 'JAMES ORTIZ' },
    ]);
    expect(refresh.patch).toMatchObject({
      legal_name: 'Adirondack Pediatrics PLLC',
      phone: '518-555-0199',
      practice_address: { line1: '40 Broadway', line2: null, city: 'Saratoga Springs', state: 'NY', zip: '12866-3456' },
      nppes_verified_at: NOW,
    });
    expect(refresh.patch.dba_name).toBeUndefined();
  });
});
