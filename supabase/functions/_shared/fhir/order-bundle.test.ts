import { describe, expect, it } from 'vitest';
import type { Coverage, Patient, Practitioner, ServiceRequest, Specimen } from '@medplum/fhirtypes';
import { SAMPLE_ORDER } from '../hl7/test-data.ts';
import { FHIR_SYSTEMS, orderBundle } from './order-bundle.ts';

function counter() {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}

describe('orderBundle', () => {
  const bundle = orderBundle(SAMPLE_ORDER, { uuid: counter(), specimenType: 'Whole blood' });
  const of = <T>(type: string) => (bundle.entry ?? []).filter((e) => e.resource?.resourceType === type).map((e) => e.resource as T);

  it('holds the patient, practitioner, organization, coverage, specimen and one request per test, each with a urn:uuid', () => {
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', timestamp: '2026-11-25T14:30:00.000Z' });
    expect((bundle.entry ?? []).map((e) => e.resource?.resourceType)).toEqual(['Patient', 'Practitioner', 'Organization', 'Coverage', 'Specimen', 'ServiceRequest', 'ServiceRequest']);
    expect((bundle.entry ?? []).map((e) => e.fullUrl)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`));
  });

  it('identifies the patient by id and MBI, the practitioner by NPI', () => {
    const [patient] = of<Patient>('Patient');
    expect(patient).toMatchObject({ gender: 'female', birthDate: '1950-02-03', name: [{ family: "O'Brien", given: ['Mary', 'K'] }] });
    expect(patient?.identifier?.map((i) => [i.system, i.value])).toEqual([[FHIR_SYSTEMS.patientId, 'P-1001'], [FHIR_SYSTEMS.mbi, '1EG4TE5MK73']]);
    expect(of<Practitioner>('Practitioner')[0]?.identifier).toEqual([{ system: FHIR_SYSTEMS.npi, value: '1234567893' }]);
    expect(of<Practitioner>('Practitioner')[0]?.qualification).toEqual([{ code: { coding: [{ system: FHIR_SYSTEMS.degree, code: 'MD' }], text: 'MD' } }]);
    const [coverage] = of<Coverage>('Coverage');
    expect(coverage).toMatchObject({ status: 'active', subscriberId: '1EG4TE5MK73', beneficiary: { reference: 'urn:uuid:00000000-0000-4000-8000-000000000001' }, payor: [{ display: 'Medicare Part B' }] });
  });

  it('writes each test as a ServiceRequest with its placer number, codes, reasons, coverage, specimen, answers and ABN', () => {
    const [a1c, lipid] = of<ServiceRequest>('ServiceRequest');
    expect(a1c).toMatchObject({
      status: 'active',
      intent: 'order',
      priority: 'routine',
      requisition: { value: 'R24A7K9QX' },
      code: { coding: [{ code: 'HBA1C' }, { system: FHIR_SYSTEMS.loinc, code: '4548-4' }, { system: FHIR_SYSTEMS.cpt, code: '83036' }] },
      requester: { reference: 'urn:uuid:00000000-0000-4000-8000-000000000002' },
      insurance: [{ reference: 'urn:uuid:00000000-0000-4000-8000-000000000004' }],
      specimen: [{ reference: 'urn:uuid:00000000-0000-4000-8000-000000000005' }],
    });
    expect(a1c?.reasonCode?.map((r) => r.coding?.[0]?.code)).toEqual(['E11.9', 'Z13.220']);
    expect(lipid?.orderDetail).toEqual([{ coding: [{ system: FHIR_SYSTEMS.hcpcs, code: 'GA' }], text: 'Modifier GA' }]);
    expect(lipid?.note?.map((n) => n.text)).toEqual([
      'Call the office with critical values',
      'Hours since last meal: 12 h',
      'Advance Beneficiary Notice: signed, option 1; modifier GA',
    ]);
    const [specimen] = of<Specimen>('Specimen');
    expect(specimen?.collection).toEqual({
      collectedDateTime: '2026-11-25T14:00:00.000Z',
      collector: { display: 'K. Smith' },
      fastingStatusCodeableConcept: { coding: [{ system: FHIR_SYSTEMS.fasting, code: 'F', display: 'Fasting' }] },
    });
    expect(specimen?.type).toEqual({ text: 'Whole blood' });
  });

  it('makes one Specimen per specimen type and container, each request pointing at its own', () => {
    const twoTubes = orderBundle({
      ...SAMPLE_ORDER,
      tests: [
        { ...SAMPLE_ORDER.tests[0]!, specimenType: 'Whole blood', container: 'Lavender-top EDTA tube' },
        { ...SAMPLE_ORDER.tests[1]!, specimenType: 'Serum', container: 'Gold-top SST' },
        { code: 'TSH', name: 'TSH', specimenType: 'serum', container: 'Gold-top SST' },
      ],
    }, { uuid: counter() });
    const byUrl = new Map((twoTubes.entry ?? []).map((e) => [e.fullUrl, e.resource]));
    const specimens = (twoTubes.entry ?? []).filter((e) => e.resource?.resourceType === 'Specimen');
    expect(specimens.map((e) => [(e.resource as Specimen).type?.text, (e.resource as Specimen).container?.[0]?.type?.text])).toEqual([
      ['Whole blood', 'Lavender-top EDTA tube'],
      ['Serum', 'Gold-top SST'],
    ]);
    const requests = (twoTubes.entry ?? []).filter((e) => e.resource?.resourceType === 'ServiceRequest').map((e) => e.resource as ServiceRequest);
    expect(requests.map((r) => [r.code?.coding?.[0]?.code, (byUrl.get(r.specimen?.[0]?.reference) as Specimen | undefined)?.type?.text])).toEqual([
      ['HBA1C', 'Whole blood'],
      ['LIPID', 'Serum'],
      ['TSH', 'Serum'],
    ]);
    for (const specimen of specimens) expect((specimen.resource as Specimen).collection?.fastingStatusCodeableConcept?.coding?.[0]?.code).toBe('F');
  });

  it('leaves coverage out when the client pays, and revokes the requests of a cancelled order', () => {
    const client = orderBundle({ ...SAMPLE_ORDER, billTo: 'client' }, { cancelled: true, uuid: counter() });
    const types = (client.entry ?? []).map((e) => e.resource?.resourceType);
    expect(types).not.toContain('Coverage');
    expect((client.entry ?? []).filter((e) => e.resource?.resourceType === 'ServiceRequest').map((e) => (e.resource as ServiceRequest).status)).toEqual(['revoked', 'revoked']);
    expect((client.entry ?? []).some((e) => 'insurance' in (e.resource ?? {}))).toBe(false);
  });
});
