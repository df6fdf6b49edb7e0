import { describe, expect, it } from 'vitest';
import { formatPostalCode, isNppesProblem, normaliseNppesAnswer, nppesLookupUrl, type NpiVerificationResult } from './nppes.ts';

const NPI = '1234567893';
const location = {
  country_code: 'US', address_purpose: 'LOCATION', address_type: 'DOM', address_1: '100 MAIN ST', address_2: 'SUITE 200',
  city: 'ALBANY', state: 'NY', postal_code: '122071234', telephone_number: '518-555-0100', fax_number: '518-555-0101',
};
const mailing = { ...location, address_purpose: 'MAILING', address_1: 'PO BOX 55', address_2: '', postal_code: '12201' };
const individual = {
  number: NPI,
  enumeration_type: 'NPI-1',
  basic: { first_name: 'JANE', last_name: 'DOE', middle_name: 'A', credential: 'M.D.', status: 'A', name_suffix: '--' },
  addresses: [mailing, location],
  taxonomies: [
    { code: '207R00000X', desc: 'Internal Medicine', primary: false, state: 'NY', license: '1' },
    { code: '207Q00000X', desc: 'Family Medicine', primary: true, state: 'NY', license: '123456' },
  ],
};
const organization = {
  number: NPI,
  enumeration_type: 'NPI-2',
  basic: { organization_name: 'CAPITAL REGION MEDICAL GROUP PLLC', status: 'A' },
  addresses: [location],
  taxonomies: [{ code: '261QM1300X', desc: 'Clinic/Center, Multi-Specialty', primary: true, state: 'NY', license: null }],
};
const answer = (...results: unknown[]) => ({ result_count: results.length, results });

function result(value: ReturnType<typeof normaliseNppesAnswer>): NpiVerificationResult {
  if (isNppesProblem(value)) throw new Error(`unexpected problem: ${value.message}`);
  return value;
}

describe('nppesLookupUrl', () => {
  it('asks API version 2.1 for the number', () => {
    expect(nppesLookupUrl('http://h/__simulator/nppes/api/', NPI)).toBe(`http://h/__simulator/nppes/api/?version=2.1&number=${NPI}`);
    expect(nppesLookupUrl('https://npiregistry.cms.hhs.gov/api', NPI)).toBe(`https://npiregistry.cms.hhs.gov/api/?version=2.1&number=${NPI}`);
  });
});

describe('normaliseNppesAnswer', () => {
  it('reads a valid individual: name, primary taxonomy, practice address, no issues', () => {
    const body = answer(individual);
    expect(result(normaliseNppesAnswer(body, NPI, 'individual'))).toEqual({
      npi: NPI,
      enumeration_type: 'NPI-1',
      legal_name: 'JANE A DOE',
      primary_taxonomy_code: '207Q00000X',
      primary_taxonomy_description: 'Family Medicine',
      primary_address: {
        address_line_1: '100 MAIN ST', address_line_2: 'SUITE 200', city: 'ALBANY', state: 'NY', postal_code: '12207-1234',
        telephone_number: '518-555-0100', fax_number: '518-555-0101',
      },
      validation_errors: [],
      error: null,
      nppes_data: body,
      other_names: [],
      dba_name: null,
      authorized_official: null,
      mailing_address: {
        address_line_1: 'PO BOX 55', address_line_2: null, city: 'ALBANY', state: 'NY', postal_code: '12201',
        telephone_number: '518-555-0100', fax_number: '518-555-0101',
      },
      sole_proprietor: null,
    });
  });

  it('reads a Type 2 record: DBA among the other names, authorized official, mailing address', () => {
    const group = {
      ...organization,
      addresses: [location, mailing],
      basic: {
        ...organization.basic,
        authorized_official_first_name: 'MARGARET', authorized_official_middle_name: 'L', authorized_official_last_name: 'HOLLOWAY',
        authorized_official_title_or_position: 'PRACTICE ADMINISTRATOR', authorized_official_telephone_number: '5185550142',
        authorized_official_credential: '--',
      },
      other_names: [
        { organization_name: 'CAPITAL REGION MEDICAL', type: 'Former Legal Business Name', code: '4' },
        { organization_name: 'CAPITAL REGION PRIMARY CARE', type: 'Doing Business As', code: '3' },
      ],
    };
    const read = result(normaliseNppesAnswer(answer(group), NPI, 'organization'));
    expect(read.other_names).toEqual([
      { name: 'CAPITAL REGION MEDICAL', type: 'Former Legal Business Name' },
      { name: 'CAPITAL REGION PRIMARY CARE', type: 'Doing Business As' },
    ]);
    expect(read.dba_name).toBe('CAPITAL REGION PRIMARY CARE');
    expect(read.authorized_official).toEqual({
      first_name: 'MARGARET', middle_name: 'L', last_name: 'HOLLOWAY', credential: null, title: 'PRACTICE ADMINISTRATOR', phone: '518-555-0142',
    });
    expect(read.mailing_address?.address_line_1).toBe('PO BOX 55');
    expect(read.sole_proprietor).toBeNull();
  });

  it('refuses an individual that NPPES does not mark as a sole proprietor, when a sole proprietor is asked for', () => {
    const sole = { ...individual, basic: { ...individual.basic, sole_proprietor: 'YES' } };
    const notSole = { ...individual, basic: { ...individual.basic, sole_proprietor: 'NO' } };
    expect(result(normaliseNppesAnswer(answer(sole), NPI, 'individual', { soleProprietor: true }))).toMatchObject({ sole_proprietor: true, validation_errors: [] });
    expect(result(normaliseNppesAnswer(answer(notSole), NPI, 'individual', { soleProprietor: true })).validation_errors).toEqual([
      'NPI 1234567893 is not marked as a sole proprietor in the NPPES registry: only an individual whose registry record says sole proprietor can be added as one.',
    ]);
    expect(result(normaliseNppesAnswer(answer(individual), NPI, 'individual', { soleProprietor: true })).validation_errors).toHaveLength(1);
    // Asked as a plain individual (the provider lookup), the flag is only reported.
    expect(result(normaliseNppesAnswer(answer(notSole), NPI, 'individual'))).toMatchObject({ sole_proprietor: false, validation_errors: [] });
  });

  it('keeps a real name suffix and skips the "--" placeholder', () => {
    const withSuffix = { ...individual, basic: { ...individual.basic, middle_name: '', name_suffix: 'Jr.' } };
    expect(result(normaliseNppesAnswer(answer(withSuffix), NPI, 'individual')).legal_name).toBe('JANE DOE Jr.');
  });

  it('reports an organization NPI asked as an individual, naming both types', () => {
    const read = result(normaliseNppesAnswer(answer(organization), NPI, 'individual'));
    expect(read.legal_name).toBe('CAPITAL REGION MEDICAL GROUP PLLC');
    expect(read.validation_errors).toEqual([
      'Wrong NPI type: this NPI belongs to an organization (Type 2, NPI-2), but an individual provider NPI (Type 1, NPI-1) was requested.',
    ]);
  });

  it('reports an individual NPI asked as an organization', () => {
    expect(result(normaliseNppesAnswer(answer(individual), NPI, 'organization')).validation_errors).toEqual([
      'Wrong NPI type: this NPI belongs to an individual provider (Type 1, NPI-1), but an organization NPI (Type 2, NPI-2) was requested.',
    ]);
  });

  it('accepts an organization asked as one', () => {
    expect(result(normaliseNppesAnswer(answer(organization), NPI, 'organization')).validation_errors).toEqual([]);
  });

  it('reports no primary taxonomy', () => {
    const noPrimary = { ...individual, taxonomies: individual.taxonomies.map((t) => ({ ...t, primary: false })) };
    const read = result(normaliseNppesAnswer(answer(noPrimary), NPI, 'individual'));
    expect([read.primary_taxonomy_code, read.primary_taxonomy_description]).toEqual([null, null]);
    expect(read.validation_errors).toEqual(['No primary taxonomy (specialty) is listed for this NPI in the NPPES registry.']);
  });

  it('reports no practice address when only a mailing address is listed', () => {
    const read = result(normaliseNppesAnswer(answer({ ...individual, addresses: [mailing] }), NPI, 'individual'));
    expect(read.primary_address).toBeNull();
    expect(read.validation_errors).toEqual(['No practice (LOCATION) address is listed for this NPI in the NPPES registry.']);
  });

  it('reports no practice address when its first line is blank, and reads blank optional fields as null', () => {
    const blank = { ...location, address_1: '   ' };
    const read = result(normaliseNppesAnswer(answer({ ...individual, addresses: [blank, mailing] }), NPI, 'individual'));
    expect(read.primary_address).toBeNull();
    expect(read.validation_errors).toEqual(['No practice (LOCATION) address is listed for this NPI in the NPPES registry.']);
    const sparse = { address_purpose: 'LOCATION', address_1: ' 1 STATE ST ', address_2: ' ', telephone_number: '', fax_number: 7 };
    expect(result(normaliseNppesAnswer(answer({ ...individual, addresses: [sparse] }), NPI, 'individual')).primary_address).toEqual({
      address_line_1: '1 STATE ST', address_line_2: null, city: '', state: '', postal_code: '', telephone_number: null, fax_number: null,
    });
  });

  it('reads a PRIMARY address as the practice address', () => {
    const primary = { ...location, address_purpose: 'PRIMARY', postal_code: '12207' };
    expect(result(normaliseNppesAnswer(answer({ ...individual, addresses: [primary] }), NPI, 'individual')).primary_address?.postal_code).toBe('12207');
  });

  it('reports an unknown or deactivated NPI (result_count 0) and keeps the answer', () => {
    const body = { result_count: 0, results: [] };
    const read = result(normaliseNppesAnswer(body, NPI, 'individual'));
    expect(read.validation_errors).toEqual([
      `NPI ${NPI} was not found in the NPPES registry: it is unknown or has been deactivated.`,
    ]);
    expect(read.nppes_data).toBe(body);
    expect(read).toEqual({
      npi: NPI,
      enumeration_type: null,
      legal_name: null,
      primary_taxonomy_code: null,
      primary_taxonomy_description: null,
      primary_address: null,
      validation_errors: [`NPI ${NPI} was not found in the NPPES registry: it is unknown or has been deactivated.`],
      error: null,
      nppes_data: body,
      other_names: [],
      dba_name: null,
      authorized_official: null,
      mailing_address: null,
      sole_proprietor: null,
    });
  });

  it('finds the record whether `number` is a string or an integer (older answers)', () => {
    const read = result(normaliseNppesAnswer(answer({ ...individual, number: Number(NPI) }), NPI, 'individual'));
    expect(read.legal_name).toBe('JANE A DOE');
    expect(read.validation_errors).toEqual([]);
    expect(result(normaliseNppesAnswer(answer({ ...individual, number: 1003000126 }), NPI, 'individual')).validation_errors[0]).toMatch(/not found/);
  });

  it('reads an address without address_2 and fax_number keys (the registry leaves them out)', () => {
    const { address_2: _line2, fax_number: _fax, ...bare } = location;
    expect(result(normaliseNppesAnswer(answer({ ...individual, addresses: [bare] }), NPI, 'individual')).primary_address).toEqual({
      address_line_1: '100 MAIN ST', address_line_2: null, city: 'ALBANY', state: 'NY', postal_code: '12207-1234',
      telephone_number: '518-555-0100', fax_number: null,
    });
  });

  it('never takes another NPI for the one asked', () => {
    expect(result(normaliseNppesAnswer(answer({ ...individual, number: '1003000126' }), NPI, 'individual')).validation_errors[0]).toMatch(/not found/);
  });

  it('reports a record whose status is not active as deactivated', () => {
    const inactive = { ...individual, basic: { ...individual.basic, status: 'D' } };
    expect(result(normaliseNppesAnswer(answer(inactive), NPI, 'individual')).validation_errors).toEqual([
      `NPI ${NPI} is not active in the NPPES registry (status D): it has been deactivated.`,
    ]);
  });

  it('lists every issue at once', () => {
    const bare = { ...organization, taxonomies: [], addresses: [] };
    expect(result(normaliseNppesAnswer(answer(bare), NPI, 'individual')).validation_errors).toHaveLength(3);
  });

  it('turns an Errors body (HTTP 200 rejection) into a rejection', () => {
    const body = { Errors: [{ description: 'NPI must be 10 digits', field: 'number', number: '06' }] };
    expect(normaliseNppesAnswer(body, NPI, 'individual')).toEqual({
      kind: 'rejected',
      message: 'The NPPES registry rejected the request: NPI must be 10 digits.',
    });
  });

  it('names every reason NPPES gives, skipping blank or malformed entries, and says when it gives none', () => {
    const body = { Errors: [{ description: ' NPI must be 10 digits ' }, 'junk', null, { description: '  ' }, { description: 'Field number is invalid' }] };
    expect(normaliseNppesAnswer(body, NPI, 'individual')).toEqual({
      kind: 'rejected',
      message: 'The NPPES registry rejected the request: NPI must be 10 digits; Field number is invalid.',
    });
    expect(normaliseNppesAnswer({ Errors: [{ field: 'number' }] }, NPI, 'individual')).toEqual({
      kind: 'rejected',
      message: 'The NPPES registry rejected the request: no reason given.',
    });
  });

  it('reads an answer with an empty Errors list as an answer', () => {
    expect(result(normaliseNppesAnswer({ ...answer(individual), Errors: [] }, NPI, 'individual')).legal_name).toBe('JANE A DOE');
  });

  it('reads a record without basic, type, taxonomies or addresses: no name, no type error, every gap reported', () => {
    const read = result(normaliseNppesAnswer(answer({ number: NPI }), NPI, 'individual', { soleProprietor: true }));
    expect(read).toMatchObject({ enumeration_type: null, legal_name: null, primary_taxonomy_code: null, primary_address: null });
    expect(read.validation_errors).toEqual([
      'No primary taxonomy (specialty) is listed for this NPI in the NPPES registry.',
      'No practice (LOCATION) address is listed for this NPI in the NPPES registry.',
    ]);
    const unknownType = { ...individual, enumeration_type: 'NPI-3' };
    expect(result(normaliseNppesAnswer(answer(unknownType), NPI, 'organization'))).toMatchObject({ enumeration_type: null, legal_name: 'JANE A DOE', validation_errors: [] });
  });

  it('skips entries that are not objects in the results, taxonomies and addresses', () => {
    const messy = { ...individual, taxonomies: [null, 'x', ...individual.taxonomies], addresses: [null, 7, location] };
    const read = result(normaliseNppesAnswer(answer(null, 'x', messy), NPI, 'individual'));
    expect([read.legal_name, read.primary_taxonomy_code, read.primary_address?.address_line_1]).toEqual(['JANE A DOE', '207Q00000X', '100 MAIN ST']);
    expect(read.validation_errors).toEqual([]);
  });

  it('reads a record without a status as active, and an individual without any name as nameless', () => {
    const noStatus = { ...individual, basic: { first_name: 'JANE', last_name: 'DOE' } };
    expect(result(normaliseNppesAnswer(answer(noStatus), NPI, 'individual'))).toMatchObject({ legal_name: 'JANE DOE', validation_errors: [] });
    const nameless = { ...individual, basic: { status: 'A', first_name: ' ', name_suffix: '--' } };
    expect(result(normaliseNppesAnswer(answer(nameless), NPI, 'individual')).legal_name).toBeNull();
  });

  it('reads blank texts as missing: an organization without a name, a taxonomy without a description', () => {
    const blank = { ...organization, basic: { organization_name: '  ', status: 'A' }, taxonomies: [{ code: ' 261QM1300X ', desc: ' ', primary: true }] };
    expect(result(normaliseNppesAnswer(answer(blank), NPI, 'organization'))).toMatchObject({
      legal_name: null,
      primary_taxonomy_code: '261QM1300X',
      primary_taxonomy_description: null,
    });
  });

  it('checks the sole proprietor flag only for an individual record', () => {
    expect(result(normaliseNppesAnswer(answer(organization), NPI, 'individual', { soleProprietor: true })).validation_errors).toEqual([
      'Wrong NPI type: this NPI belongs to an organization (Type 2, NPI-2), but an individual provider NPI (Type 1, NPI-1) was requested.',
    ]);
  });

  it('finds a record whose number text has spaces around it', () => {
    expect(result(normaliseNppesAnswer(answer({ ...individual, number: ` ${NPI} ` }), NPI, 'individual')).validation_errors).toEqual([]);
  });

  it('calls anything else unreadable', () => {
    expect(normaliseNppesAnswer([], NPI, 'individual')).toEqual({
      kind: 'unreadable',
      message: 'Failed to process the NPPES registry response: not a JSON object.',
    });
    expect(normaliseNppesAnswer(null, NPI, 'individual')).toMatchObject({ kind: 'unreadable' });
    expect(normaliseNppesAnswer('text', NPI, 'individual')).toMatchObject({ kind: 'unreadable' });
    expect(normaliseNppesAnswer({ result_count: 1 }, NPI, 'individual')).toMatchObject({
      kind: 'unreadable',
      message: 'Failed to process the NPPES registry response: no results list.',
    });
  });
});

describe('formatPostalCode', () => {
  it('writes ZIP+4 with a dash and leaves the rest', () => {
    expect(formatPostalCode('122071234')).toBe('12207-1234');
    expect(formatPostalCode('12207')).toBe('12207');
  });
});
