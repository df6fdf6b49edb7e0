/**
 * A registry answer in the real NPPES v2.1 shape (invented data, from registries.md), for
 * the unit tests of the modules that read nppes_data. A function, so each test gets its
 * own copy and a test that mutated it could not hide another's bug.
 */
import type { NppesData } from './nppes.ts';

export const SAMPLE_NPI = '1234567893';

export function sampleNppesData(): NppesData {
  return {
    result_count: 1,
    last_updated_date: '2024-05-29',
    results: [
      {
        created_epoch: '1183680000000',
        enumeration_type: 'NPI-1',
        last_updated_epoch: '1716940800000',
        number: SAMPLE_NPI,
        last_updated: '2024-05-28',
        addresses: [
          {
            country_code: 'US',
            address_purpose: 'MAILING',
            address_type: 'DOM',
            address_1: 'PO BOX 55',
            city: 'ALBANY',
            state: 'NY',
            postal_code: '12201',
            telephone_number: '518-555-0199',
          },
          {
            country_code: 'US',
            address_purpose: 'LOCATION',
            address_type: 'DOM',
            address_1: '100 MAIN ST',
            address_2: 'SUITE 200',
            city: 'ALBANY',
            state: 'NY',
            postal_code: '122071234',
            telephone_number: '518-555-0100',
            fax_number: '518-555-0101',
          },
        ],
        basic: {
          first_name: 'JANE',
          last_name: 'DOE',
          middle_name: 'A',
          credential: 'M.D.',
          status: 'A',
          last_updated: '2024-05-27',
        },
        taxonomies: [
          { code: '207R00000X', desc: 'Internal Medicine', primary: false, state: 'VT', license: '999' },
          { code: '207Q00000X', desc: 'Family Medicine', primary: true, state: 'NY', license: '123456', taxonomy_group: '' },
        ],
      },
    ],
  };
}
