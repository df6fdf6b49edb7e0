import { describe, expect, it } from 'vitest';
import { decodeCode128, moduleWidths, readPdf, type PdfPageContent } from '../../../../tests/helpers/pdf-reading.ts';
import type { OrderDoc, OrganizationDoc, PatientDoc, ProviderDoc } from '../../../db/index.ts';
import { labelsPdf } from './labels-pdf.ts';
import { abnPdf } from './abn-pdf.ts';
import { abnFormOfOrder, labelContainers, orderDocumentData } from './order-document-data.ts';
import { requisitionPdf } from './requisition-pdf.ts';

const NUMBER = 'R-7K2Q-0042';

const order = {
  id: 'o1',
  requisition_number: NUMBER,
  status: 'submitted',
  priority: 'stat',
  organization_id: 'org',
  provider_id: 'prov',
  patient_id: 'pat',
  billing: 'insurance',
  coverage_rank: 'primary',
  tests: [
    { code: 'HBA1C', name: 'Hemoglobin A1c', cpt_codes: ['83036'], specimen_type: 'Whole blood', container: 'Lavender top (EDTA)', necessity: 'not-supported', reason: null, modifiers: [{ cpt: '83036', modifier: 'GA' }], declined: false },
    { code: 'LIPID', name: 'Lipid panel', cpt_codes: ['80061'], specimen_type: 'Serum', container: 'Gold top (SST)', necessity: 'supported', reason: null, modifiers: [{ cpt: '80061', modifier: null }], declined: false },
    { code: 'CMP', name: 'Comprehensive metabolic panel', cpt_codes: ['80053'], specimen_type: 'Serum', container: 'Gold top (SST)', necessity: 'not-governed', reason: null, modifiers: [{ cpt: '80053', modifier: null }], declined: false },
    { code: 'TSH', name: 'TSH', cpt_codes: ['84443'], specimen_type: 'Serum', container: 'Red top', necessity: 'not-supported', reason: null, modifiers: [], declined: true },
  ],
  answers: [{ test: 'LIPID', question: 'FASTING', value: 'Yes' }],
  diagnoses: ['E78.5'],
  collected_at: '2026-11-20T13:30:00.000Z',
  collected_by: 'J. Rivera',
  fasting: true,
  comments: 'Draw before 9 am',
  abn: {
    option: 1, signature: 'signed', tests: ['HBA1C'], recorded_at: '2026-11-20T13:20:00.000Z',
    reasons: { HBA1C: 'No diagnosis given (E78.5) supports 83036 under NCD 190.21.' }, estimated_costs: { HBA1C: 45.5 },
  },
  created_at: '2026-11-20T13:25:00.000Z',
} as unknown as OrderDoc;

const patient = {
  id: 'pat', first_name: 'Ada', middle_name: null, last_name: 'Quinn', date_of_birth: '1948-02-03', sex: 'female', lab_patient_id: 'P-7K2Q-0001',
  address_line1: '1 Elm St', address_line2: null, city: 'Albany', state: 'NY', postal_code: '12207', phone: '5185550100',
  coverages: [{ rank: 'primary', payer_type: 'medicare', payer_name: 'Medicare Part B', member_id: '1EG4TE5MK73' }],
} as unknown as PatientDoc;
const provider = { id: 'prov', first_name: 'Rosa', last_name: 'Diaz', credential: 'MD', npi: '1234567893' } as unknown as ProviderDoc;
const organization = { id: 'org', legal_name: 'Capital Region Family Medicine', dba_name: null, account_number: 'C-1001', practice_address: { line1: '40 Broadway', city: 'Albany', state: 'NY', zip: '12207' }, phone: null } as unknown as OrganizationDoc;

const data = orderDocumentData({ order, patient, provider, organization, questionTexts: { FASTING: 'Is the patient fasting?' } });

function barcodeOn(page: PdfPageContent): string {
  // The bars are the filled rectangles of one height, the tallest on the page.
  const height = Math.max(...page.rects.map((rect) => rect.height));
  return decodeCode128(moduleWidths(page.rects.filter((rect) => Math.abs(rect.height - height) < 0.01)));
}

describe('the requisition PDF', () => {
  it('carries the requisition number as text and as a Code 128 barcode that decodes to it', async () => {
    const pdf = await readPdf(await requisitionPdf(data));
    expect(pdf.title).toBe(`Requisition ${NUMBER}`);
    const first = pdf.pages[0]!;
    expect([first.width, first.height]).toEqual([612, 792]);
    expect(first.texts).toContain(NUMBER);
    expect(barcodeOn(first)).toBe(NUMBER);
  });

  it('says who, what, how it is billed and how it was collected', async () => {
    const texts = (await readPdf(await requisitionPdf(data))).pages.flatMap((page) => page.texts);
    for (const expected of [
      'Quinn, Ada', '1948-02-03', 'P-7K2Q-0001', 'Medicare Part B (primary)', '1EG4-TE5-MK73', 'Diaz, Rosa, MD', '1234567893',
      'Capital Region Family Medicine', 'HBA1C  Hemoglobin A1c', 'E78.5', '2026-11-20 08:30', 'J. Rivera', 'STAT',
    ]) {
      expect(texts.join('\n')).toContain(expected);
    }
    // Fasting is one fact, printed once: in the collection, not again as the lipid panel's answer.
    expect(texts.join('\n')).not.toContain('Is the patient fasting?');
    expect(texts.filter((text) => /fasting/i.test(text))).toEqual(['Fasting']);
    expect(texts[texts.indexOf('Fasting') + 1]).toBe('Yes');
    expect(texts.join('\n')).toContain('Specimen: Whole blood · Container: Lavender top (EDTA) · CPT: 83036-GA');
    expect(texts.join('\n')).toContain('TSH  TSH  (declined by the patient: not performed)');
    expect(texts).toContain('Option 1: do the test and bill Medicare; the patient pays if Medicare does not; signed; for HBA1C');
  });

  it('flows a long order onto a second page that names the requisition', async () => {
    const many = { ...data, tests: Array.from({ length: 40 }, (_, i) => ({ ...data.tests[1]!, code: `T${i}`, name: `Test ${i}` })) };
    const pdf = await readPdf(await requisitionPdf(many));
    expect(pdf.pages.length).toBeGreaterThan(1);
    expect(pdf.pages[1]!.texts).toContain(`Requisition ${NUMBER} (continued)`);
  });
});

describe('after the server’s Medicare verdict', () => {
  // The server found the lipid panel not supported (GZ: no ABN for it) and HbA1c supported.
  const checked = {
    ...order,
    server_check: { medicare: true, tests: [{ code: 'HBA1C', status: 'supported', modifier: null }, { code: 'LIPID', status: 'not-supported', modifier: 'GZ' }, { code: 'CMP', status: 'not-governed', modifier: null }] },
  } as unknown as OrderDoc;
  const sent = orderDocumentData({ order: checked, patient, provider, organization });

  it('prints the modifiers and ABN status the laboratory received', async () => {
    const texts = (await readPdf(await requisitionPdf(sent))).pages.flatMap((page) => page.texts).join('\n');
    expect(texts).toContain('Specimen: Whole blood · Container: Lavender top (EDTA) · CPT: 83036');
    expect(texts).not.toContain('83036-GA');
    expect(texts).toContain('CPT: 80061-GZ');
    expect(sent.abnText).toBe('LIPID: not obtained; modifier GZ');
  });

  it('reprints the ABN for the tests the laboratory received it for (none: no ABN to print)', () => {
    expect(sent.abnTests).toEqual([]);
    expect(abnFormOfOrder(sent)?.items).toEqual([]);
    const serverCheck = { medicare: true, tests: [{ code: 'HBA1C', status: 'supported', modifier: null }, { code: 'LIPID', status: 'not-supported', modifier: 'GA' }] };
    const signedLipid = orderDocumentData({ order: { ...checked, server_check: serverCheck, abn: { ...(order.abn as object), tests: ['LIPID'] } } as unknown as OrderDoc, patient, provider, organization });
    expect(signedLipid.abnTests).toEqual(['LIPID']);
    expect(signedLipid.abnText).toBe('LIPID: signed, option 1; modifier GA');
    expect(abnFormOfOrder(signedLipid)?.items.map((item) => item.test)).toEqual(['Lipid panel']);
  });
});

describe('the specimen labels', () => {
  it('are one 2 × 1 inch label per container of the tests performed', async () => {
    expect(labelContainers(data.tests)).toEqual([
      { container: 'Lavender top (EDTA)', specimen: 'Whole blood', tests: ['HBA1C'] },
      { container: 'Gold top (SST)', specimen: 'Serum', tests: ['LIPID', 'CMP'] },
    ]);
    const pdf = await readPdf(await labelsPdf(data));
    expect(pdf.pages.map((page) => [page.width, page.height])).toEqual([
      [144, 72],
      [144, 72],
    ]);
    for (const page of pdf.pages) {
      expect(barcodeOn(page)).toBe(NUMBER);
      expect(page.texts).toContain('Quinn, Ada');
      expect(page.texts).toContain('DOB 1948-02-03  Coll 2026-11-20 08:30');
      // The bars stay inside the label.
      expect(Math.min(...page.rects.map((rect) => rect.x))).toBeGreaterThanOrEqual(0);
      expect(Math.max(...page.rects.map((rect) => rect.x + rect.width))).toBeLessThanOrEqual(144);
    }
    expect(pdf.pages[1]!.texts).toContain('Gold top (SST): LIPID, CMP');
    expect(pdf.pages[0]!.texts).toContain(`${NUMBER}  STAT   1/2`);
  });
});

describe('the ABN (CMS-R-131)', () => {
  it('is filled from the order: notifier, patient, identification, each test with its reason and estimated cost', async () => {
    const form = abnFormOfOrder(data);
    expect(form).toEqual({
      notifier: 'Capital Region Family Medicine, 40 Broadway, Albany, NY 12207',
      patientName: 'Quinn, Ada',
      identification: `P-7K2Q-0001 · ${NUMBER}`,
      items: [{ test: 'Hemoglobin A1c', reason: 'No diagnosis given (E78.5) supports 83036 under NCD 190.21.', cost: 45.5 }],
    });
    const pdf = await readPdf(await abnPdf(form!));
    expect(pdf.title).toBe('Advance Beneficiary Notice of Non-coverage (ABN)');
    const texts = pdf.pages.flatMap((page) => page.texts);
    for (const expected of ['Quinn, Ada', `P-7K2Q-0001 · ${NUMBER}`, 'Hemoglobin A1c', '$45.50', 'G. OPTIONS: Check only one box. We cannot choose a box for you.', 'I. Signature:']) {
      expect(texts).toContain(expected);
    }
    expect(texts.join(' ')).toContain('No diagnosis given (E78.5) supports 83036');
    expect(texts.join(' ')).toContain('Form CMS-R-131');
  });

  it('is not made for an order without one', () => {
    expect(abnFormOfOrder({ ...data, abn: null })).toBeNull();
  });
});
