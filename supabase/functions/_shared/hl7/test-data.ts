// Realistic orders and results shared by the HL7, MLLP and LIS simulator tests: a Medicare
// patient with an MBI, an HbA1c and a lipid panel (one kept with a signed ABN), and the
// ORU^R01 a reference laboratory sends back for it, including its PDF report.
import type { OrderMessageInput } from './order-types.ts';

export const SAMPLE_ORDER: OrderMessageInput = {
  requisitionNumber: 'R24A7K9QX',
  version: 1,
  sentAt: '2026-11-25T14:30:00Z',
  utcOffsetMinutes: -300,
  sender: { application: 'LABLINK', facility: 'CLIENTS' },
  receiver: { application: 'LIS', facility: '05D0000000' },
  patient: {
    id: 'P-1001',
    lastName: "O'Brien",
    firstName: 'Mary',
    middleName: 'K',
    birthDate: '1950-02-03',
    sex: 'F',
    identifiers: [{ value: '1EG4TE5MK73', type: 'MC', authority: 'CMS' }],
    address: { line1: '12 Elm St', line2: 'Apt 3', city: 'Albany', state: 'NY', zip: '12207' },
    phone: '518-555-0142',
  },
  billTo: 'insurance',
  coverages: [
    {
      payerId: 'MEDICARE',
      payerName: 'Medicare Part B',
      planType: 'MC',
      memberId: '1EG4TE5MK73',
      insured: { lastName: "O'Brien", firstName: 'Mary', relationship: 'SEL', birthDate: '1950-02-03' },
    },
  ],
  orderingProvider: { npi: '1234567893', lastName: 'Doe', firstName: 'Jane', credential: 'MD' },
  client: { accountNumber: 'C1001', name: 'Capital Region Medical Group', phone: '518-555-0100' },
  priority: 'routine',
  collection: { collectedAt: '2026-11-25T14:00:00Z', collectedBy: 'K. Smith', fasting: true },
  diagnoses: [
    { code: 'E119', description: 'Type 2 diabetes mellitus without complications' },
    { code: 'Z13.220', description: 'Encounter for screening for lipoid disorders' },
  ],
  tests: [
    { code: 'HBA1C', name: 'Hemoglobin A1c', loinc: '4548-4', cpt: '83036', diagnosisCodes: ['E11.9'] },
    {
      code: 'LIPID',
      name: 'Lipid Panel',
      cpt: '80061',
      abn: { status: 'signed', option: 1, modifier: 'GA' },
      questionAnswers: [{ code: 'LIP1', question: 'Hours since last meal', valueType: 'NM', value: '12', units: 'h' }],
    },
  ],
  comments: ['Call the office with critical values'],
};

/** A one-page PDF, as a laboratory's report would be (bytes of a valid minimal PDF). */
export const SAMPLE_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
