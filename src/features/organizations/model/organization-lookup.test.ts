/** What the organization lookup's result card shows of the registry's answer. */
import { describe, expect, it } from 'vitest';
import type { NpiVerificationResult } from '../../../lib/functions/types.ts';
import { organizationLookupView } from './organization-lookup.ts';

const organization: NpiVerificationResult = {
  npi: '1568459932',
  enumeration_type: 'NPI-2',
  legal_name: 'ADIRONDACK PEDIATRIC ASSOCIATES PC',
  primary_taxonomy_code: '208000000X',
  primary_taxonomy_description: 'Pediatrics',
  primary_address: null,
  validation_errors: [],
  error: null,
  nppes_data: null,
  dba_name: 'ADIRONDACK KIDS CARE',
  other_names: [{ name: 'ADIRONDACK KIDS CARE', type: 'Doing Business As' }],
};

describe('organizationLookupView', () => {
  it('writes a business as people do, its suffix in capitals, the registry keeping its own text', () => {
    const view = organizationLookupView(organization, 'healthcare');
    expect(view.legalName).toBe('Adirondack Pediatric Associates PC');
    expect(view.dbaName).toBe('Adirondack Kids Care');
    expect(view.otherNames).toEqual([{ name: 'Adirondack Kids Care', type: 'Doing Business As' }]);
    expect(organization.legal_name).toBe('ADIRONDACK PEDIATRIC ASSOCIATES PC');
  });

  it('writes a sole proprietor as a person', () => {
    const view = organizationLookupView({ ...organization, enumeration_type: 'NPI-1', legal_name: "SARAH O'BRIEN-GOLDSTEIN", other_names: [], dba_name: null }, 'sole_proprietor');
    expect(view.legalName).toBe("Sarah O'Brien-Goldstein");
    expect(view.dbaName).toBeNull();
  });
});
