/** The organization form's rules and exact messages, and the form ↔ record mapping. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { organizationFormSchema, organizationFormValues, organizationFromForm, type OrganizationFormValues } from './organization-form.ts';

const valid = (): OrganizationFormValues => ({
  legal_name: ' Adirondack Pediatric Associates PC ',
  dba_name: 'Adirondack Kids Care',
  type: 'healthcare',
  npi: '1973110046',
  account_number: '10012',
  bill_types: ['third_party', 'client'],
  practice: { line1: '12 Broadway', line2: '', city: 'Saratoga Springs', state: 'NY', zip: '12866' },
  billing: { same: true, line1: '', line2: '', city: '', state: '', zip: '' },
  phone: '518-555-0142',
  fax: '',
  email: 'office@adk.example',
  clia_number: '',
  notes: '',
});

function issues(values: OrganizationFormValues): Record<string, string> {
  const result = v.safeParse(organizationFormSchema, values, { abortPipeEarly: true });
  if (result.success) return {};
  const flat = v.flatten<typeof organizationFormSchema>(result.issues);
  return Object.fromEntries(Object.entries(flat.nested ?? {}).map(([key, messages]) => [key, (messages ?? [])[0] ?? '']));
}

describe('organization form', () => {
  it('accepts a complete healthcare organization and writes its columns', () => {
    const parsed = v.parse(organizationFormSchema, valid());
    expect(organizationFromForm(parsed)).toEqual({
      legal_name: 'Adirondack Pediatric Associates PC',
      dba_name: 'Adirondack Kids Care',
      type: 'healthcare',
      npi: '1973110046',
      account_number: '10012',
      bill_types: ['client', 'third_party'],
      practice_address: { line1: '12 Broadway', line2: null, city: 'Saratoga Springs', state: 'NY', zip: '12866' },
      billing_address: null,
      phone: '518-555-0142',
      fax: null,
      email: 'office@adk.example',
      clia_number: null,
      notes: null,
    });
  });

  it('says what is missing, in the field to fix', () => {
    expect(issues({ ...valid(), legal_name: '  ', npi: '', account_number: '', bill_types: [] })).toEqual({
      legal_name: 'Legal name is required',
      account_number: 'Account number is required',
      bill_types: 'Choose at least one bill type',
    });
    expect(issues({ ...valid(), npi: '' })).toEqual({ npi: 'An NPI is required for healthcare organizations and sole proprietors' });
    expect(issues({ ...valid(), type: 'sole_proprietor', npi: '' })).toEqual({ npi: 'An NPI is required for healthcare organizations and sole proprietors' });
    expect(issues({ ...valid(), type: 'non_healthcare', npi: '' })).toEqual({});
  });

  it('checks the NPI, account number, CLIA number, e-mail and ZIP formats', () => {
    expect(issues({ ...valid(), npi: '197311004' })).toEqual({ npi: 'An NPI is exactly 10 digits' });
    expect(issues({ ...valid(), npi: '1973110047' })).toEqual({ npi: 'This is not a valid NPI: its check digit does not match' });
    expect(issues({ ...valid(), account_number: 'ab' })).toEqual({ account_number: 'Use 3 to 20 capital letters, digits or hyphens' });
    expect(v.parse(organizationFormSchema, { ...valid(), account_number: 'lab-12', clia_number: '33d1234567' })).toMatchObject({ account_number: 'LAB-12', clia_number: '33D1234567' });
    expect(issues({ ...valid(), clia_number: '33X1234567' })).toEqual({
      clia_number: 'A CLIA number is 10 characters: two digits, the letter D, then seven digits (e.g. 33D1234567)',
    });
    expect(issues({ ...valid(), email: 'office@' })).toEqual({ email: 'Invalid email format' });
    expect(issues({ ...valid(), practice: { line1: '', line2: '', city: '', state: 'XX', zip: '1286' } })).toEqual({
      'practice.line1': 'Street address is required',
      'practice.city': 'City is required',
      'practice.state': 'Choose a state',
      'practice.zip': 'Enter a ZIP code (12345) or ZIP+4 (12345-6789)',
    });
  });

  it('needs a billing address only when it is not the practice address', () => {
    expect(issues({ ...valid(), billing: { ...valid().billing, same: false } })).toEqual({
      'billing.line1': 'Street address is required',
      'billing.city': 'City is required',
      'billing.state': 'Choose a state',
      'billing.zip': 'Enter a ZIP code (12345) or ZIP+4 (12345-6789)',
    });
    const billing = { line1: 'PO Box 4', line2: '', city: 'Albany', state: 'NY', zip: '12201-0004' };
    expect(organizationFromForm(v.parse(organizationFormSchema, { ...valid(), billing: { same: false, ...billing } })).billing_address).toEqual({ ...billing, line2: null });
  });

  it('reads a record back into the inputs, nulls as blanks', () => {
    const values = organizationFormValues({
      legal_name: 'Troy City School District',
      type: 'non_healthcare',
      npi: null,
      account_number: '10010',
      bill_types: ['client'],
      practice_address: { line1: '475 1st St', line2: null, city: 'Troy', state: 'NY', zip: '12180' },
      billing_address: null,
      email: null,
    });
    expect(values).toMatchObject({ npi: '', billing: { same: true }, practice: { line1: '475 1st St', line2: '', zip: '12180' }, email: '' });
    expect(organizationFormValues({}).bill_types).toEqual(['client']);
  });
});
