import { describe, expect, it } from 'vitest';
import { buildOrm } from '../hl7/orm.ts';
import { orderMessageInput, type OrderRows } from './order-message.ts';

const ROWS: OrderRows = {
  order: {
    id: 'o1',
    requisition_number: 'R-7K-0042',
    billing: 'insurance',
    coverage_rank: 'primary',
    tests: [
      { code: 'HBA1C', cpt_codes: ['83036'], modifiers: [{ cpt: '83036', modifier: null }] },
      { code: 'LIPID', cpt_codes: ['80061'], modifiers: [{ cpt: '80061', modifier: 'GZ' }] },
      { code: 'PSA', cpt_codes: ['84153'], declined: true },
    ],
    answers: [
      { test: 'LIPID', question: 'FASTING', value: 'Yes' },
      { test: 'LIPID', question: 'HOURS', value: '12' },
    ],
    diagnoses: ['E11.9'],
    collected_at: '2026-11-25T14:00:00Z',
    collected_by: 'K. Smith',
    fasting: true,
    priority: 'routine',
    comments: ' Call with critical values ',
    abn: { option: 1, signature: 'signed', tests: ['LIPID'] },
    // The server's verdict wins over the device's GZ.
    server_check: { tests: [{ code: 'HBA1C', modifier: null }, { code: 'LIPID', modifier: 'GA' }] },
    submitted_at: '2026-11-25T14:05:00Z',
  },
  patient: {
    id: 'p1', lab_patient_id: 'P-7K-0001', first_name: 'Mary', middle_name: null, last_name: "O'Brien", date_of_birth: '1950-02-03', sex: 'female',
    address_line1: '12 Elm St', address_line2: null, city: 'Albany', state: 'NY', postal_code: '12207', phone: '518-555-0142',
    medical_record_numbers: [{ organization_id: 'org1', mrn: 'MRN-77' }],
    coverages: [{ rank: 'primary', payer_type: 'medicare', payer_name: 'Medicare', member_id: '1EG4TE5MK73', relationship: 'self' }],
  },
  provider: { npi: '1234567893', first_name: 'Jane', last_name: 'Doe', credential: 'MD' },
  organization: { id: 'org1', legal_name: 'Capital Region Medical Group PC', dba_name: 'Capital Region Medical Group', account_number: '10001', practice_address: null, phone: '518-555-0100' },
  compendium: [
    { code: 'HBA1C', name: 'Hemoglobin A1c', loinc: '4548-4', cpt_codes: ['83036'], questions: [] },
    { code: 'LIPID', name: 'Lipid panel', loinc: null, cpt_codes: ['80061'], questions: [
      { code: 'FASTING', text: 'Is the patient fasting?', type: 'yes-no' },
      { code: 'HOURS', text: 'Hours since last meal', type: 'number' },
    ] },
  ],
};

describe('orderMessageInput', () => {
  const input = orderMessageInput(ROWS, { version: 2, sentAt: '2026-11-25T14:30:00Z' });

  it('maps the patient, identifiers, Medicare coverage, provider and client from the rows', () => {
    expect(input.patient).toMatchObject({ id: 'P-7K-0001', sex: 'F', birthDate: '1950-02-03', address: { line1: '12 Elm St', city: 'Albany', state: 'NY', zip: '12207' } });
    expect(input.patient.identifiers).toEqual([
      { value: 'MRN-77', type: 'PT', authority: '10001' },
      { value: '1EG4TE5MK73', type: 'MC', authority: 'CMS' },
    ]);
    expect(input.coverages).toEqual([{ payerId: 'MEDICARE', payerName: 'Medicare', planType: 'MC', memberId: '1EG4TE5MK73', groupNumber: null, insured: { lastName: "O'Brien", firstName: 'Mary', relationship: 'SEL', birthDate: '1950-02-03' } }]);
    expect(input.client).toEqual({ accountNumber: '10001', name: 'Capital Region Medical Group', address: null, phone: '518-555-0100' });
    expect(input.comments).toEqual(['Call with critical values']);
  });

  it('sends the tests not declined, with answers typed by their question and the server’s modifier', () => {
    expect(input.tests.map((t) => t.code)).toEqual(['HBA1C', 'LIPID']);
    expect(input.tests[0]).toMatchObject({ name: 'Hemoglobin A1c', loinc: '4548-4', cpt: '83036', abn: null, questionAnswers: [] });
    expect(input.tests[1]?.abn).toEqual({ status: 'signed', option: 1, modifier: 'GA' });
    // The fasting question's answer is the order's one fasting fact, not a second answer.
    expect(input.tests[1]?.questionAnswers).toEqual([{ code: 'HOURS', question: 'Hours since last meal', valueType: 'NM', value: '12' }]);
    expect(input.tests.map((t) => t.asksFasting)).toEqual([false, true]);
    expect(input.collection?.fasting).toBe(true);
  });

  it('builds an ORM^O01 whose control ID carries the version and whose OBR-45 carries GA', () => {
    const lines = buildOrm(input).split('\r');
    expect(lines[0]).toContain('|ORM^O01^ORM_O01|R-7K-0042-N2|P|2.5.1');
    expect(lines.filter((l) => l.startsWith('OBR|'))).toHaveLength(2);
    expect(lines.find((l) => l.startsWith('OBR|2|'))).toMatch(/\|80061\^\^C4\|GA\^\^HCPCS$/);
    // Fasting once, as LOINC 49541-6, under the test that asks for it.
    expect(lines.filter((l) => l.includes('49541-6'))).toEqual(['OBX|2|CE|49541-6^Fasting status - Reported^LN||Y^Yes^HL70136||||||F']);
    expect(lines.indexOf('OBX|2|CE|49541-6^Fasting status - Reported^LN||Y^Yes^HL70136||||||F')).toBeGreaterThan(lines.findIndex((l) => l.startsWith('OBR|2|')));
    expect(lines).toContain('OBX|3|CE|ABN^Advance Beneficiary Notice^L||SIGNED-1^Signed, option 1; modifier GA^L||||||F');
  });

  it('falls back to the device’s modifier without a server verdict, and marks a test without ABN not obtained', () => {
    const device = orderMessageInput({ ...ROWS, order: { ...ROWS.order, server_check: null, abn: null } }, { version: 1, sentAt: new Date() });
    expect(device.tests[1]?.abn).toEqual({ status: 'not_obtained', option: null, modifier: 'GZ' });
  });
});
