// An order as a FHIR R4 bundle (issue 32), for laboratories that take FHIR instead of (or
// besides) HL7 v2: a `collection` Bundle with the Patient, the ordering Practitioner (NPI),
// the client Organization, the Coverage when insurance pays, one Specimen per specimen
// (type and container: a serum test and a whole-blood test are two tubes) and one
// ServiceRequest per test sent, pointing at its own Specimen (placer identifier = requisition number, local code
// and LOINC, ICD-10-CM reasons, priority, the order questions' answers and the ABN as notes,
// the ABN modifier as an order detail). Built from the same typed input as the ORM^O01
// (order-types.ts), so both say the same thing; typed with @medplum/fhirtypes (R4).
import type { Bundle, BundleEntry, Coverage, Organization, Patient, Practitioner, Reference, Resource, ServiceRequest, Specimen } from '@medplum/fhirtypes';
import { degreeOf } from '../hl7/degree.ts';
import type { Address as OrderAddress, OrderMessageInput, OrderTest } from '../hl7/order-types.ts';

export const FHIR_SYSTEMS = {
  npi: 'http://hl7.org/fhir/sid/us-npi',
  mbi: 'http://hl7.org/fhir/sid/us-mbi',
  loinc: 'http://loinc.org',
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  cpt: 'http://www.ama-assn.org/go/cpt',
  hcpcs: 'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
  identifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  subscriberRelationship: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship',
  fasting: 'http://terminology.hl7.org/CodeSystem/v2-0916',
  degree: 'http://terminology.hl7.org/CodeSystem/v2-0360',
  /** This product's own identifiers and codes. */
  patientId: 'urn:lablink:patient-id',
  requisition: 'urn:lablink:requisition',
  clientAccount: 'urn:lablink:client-account',
  testCode: 'urn:lablink:test-code',
  payer: 'urn:lablink:payer',
} as const;

export interface BundleOptions {
  /** Makes the `urn:uuid:` of each resource; default crypto.randomUUID. */
  uuid?: () => string;
  /** The order's status: a cancelled order's requests are `revoked`. */
  cancelled?: boolean;
  /** Specimen type in words for tests whose input names none. */
  specimenType?: string | null;
}

const GENDER = { F: 'female', M: 'male', O: 'other', U: 'unknown' } as const;
const RELATIONSHIP = { SEL: 'self', SPO: 'spouse', CHD: 'child', PAR: 'parent', GRD: 'other', OTH: 'other' } as const;

function fhirAddress(address: OrderAddress | null | undefined): Patient['address'] {
  if (!address) return undefined;
  return [{ line: [address.line1, ...(address.line2 ? [address.line2] : [])], city: address.city, state: address.state, postalCode: address.zip, country: address.country ?? 'USA' }];
}

function instant(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function answerText(test: OrderTest): string[] {
  const notes = (test.questionAnswers ?? []).map((a) => `${a.question}: ${a.valueType === 'CE' ? (a.answerText ?? a.value) : a.value}${a.units ? ` ${a.units}` : ''}`);
  if (test.abn) {
    const { status, option, modifier } = test.abn;
    notes.push(`Advance Beneficiary Notice: ${status === 'signed' ? `signed, option ${option ?? 1}` : status === 'refused' ? 'refused to sign' : 'not obtained'}; modifier ${modifier}`);
  }
  return notes;
}

/** The order as a FHIR R4 collection Bundle. */
export function orderBundle(input: OrderMessageInput, options: BundleOptions = {}): Bundle {
  const uuid = options.uuid ?? (() => crypto.randomUUID());
  const entries: BundleEntry[] = [];
  const add = <T extends Resource>(resource: T): Reference<T> => {
    const fullUrl = `urn:uuid:${uuid()}`;
    entries.push({ fullUrl, resource });
    return { reference: fullUrl } as Reference<T>;
  };
  const p = input.patient;

  const patient = add<Patient>({
    resourceType: 'Patient',
    identifier: [
      { use: 'usual', type: { coding: [{ system: FHIR_SYSTEMS.identifierType, code: 'MR' }] }, system: FHIR_SYSTEMS.patientId, value: p.id },
      ...(p.identifiers ?? []).map((id) =>
        id.type === 'MC'
          ? { type: { coding: [{ system: FHIR_SYSTEMS.identifierType, code: 'MC' }] }, system: FHIR_SYSTEMS.mbi, value: id.value }
          : { type: { coding: [{ system: FHIR_SYSTEMS.identifierType, code: id.type }] }, ...(id.authority ? { assigner: { display: id.authority } } : {}), value: id.value },
      ),
    ],
    name: [{ family: p.lastName, given: [p.firstName, ...(p.middleName ? [p.middleName] : [])] }],
    gender: GENDER[p.sex],
    birthDate: p.birthDate,
    ...(p.address ? { address: fhirAddress(p.address) } : {}),
    ...(p.phone ? { telecom: [{ system: 'phone', value: p.phone }] } : {}),
  });

  const doctor = input.orderingProvider;
  const degree = degreeOf(doctor.credential);
  const practitioner = add<Practitioner>({
    resourceType: 'Practitioner',
    identifier: [{ system: FHIR_SYSTEMS.npi, value: doctor.npi }],
    name: [{ family: doctor.lastName, given: [doctor.firstName, ...(doctor.middleName ? [doctor.middleName] : [])], ...(degree.text ? { suffix: [degree.text] } : {}) }],
    ...(degree.code ? { qualification: [{ code: { coding: [{ system: FHIR_SYSTEMS.degree, code: degree.code }], text: degree.text ?? degree.code } }] } : {}),
  });

  const client = input.client;
  const organization = add<Organization>({
    resourceType: 'Organization',
    identifier: [{ system: FHIR_SYSTEMS.clientAccount, value: client.accountNumber }],
    name: client.name,
    ...(client.address ? { address: fhirAddress(client.address) } : {}),
    ...(client.phone ? { telecom: [{ system: 'phone', value: client.phone }] } : {}),
  });

  const coverages = input.billTo === 'insurance'
    ? (input.coverages ?? []).map((c, i) =>
        add<Coverage>({
          resourceType: 'Coverage',
          status: 'active',
          type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0086', code: c.planType }] },
          subscriberId: c.memberId,
          beneficiary: patient,
          relationship: { coding: [{ system: FHIR_SYSTEMS.subscriberRelationship, code: RELATIONSHIP[c.insured.relationship] }] },
          payor: [{ identifier: { system: FHIR_SYSTEMS.payer, value: c.payerId }, display: c.payerName }],
          order: i + 1,
          ...(c.groupNumber ? { class: [{ type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'group' }] }, value: c.groupNumber }] } : {}),
        }),
      )
    : [];

  const collection = input.collection;
  // One Specimen per specimen type and container, each test pointing at its own.
  const specimens = new Map<string, Reference<Specimen>>();
  const specimenOf = (test: OrderTest): Reference<Specimen> => {
    const type = test.specimenType?.trim() || options.specimenType?.trim() || null;
    const container = test.container?.trim() || null;
    const key = `${(type ?? '').toLowerCase()}|${(container ?? '').toLowerCase()}`;
    const known = specimens.get(key);
    if (known) return known;
    const made = add<Specimen>({
      resourceType: 'Specimen',
      status: 'available',
      ...(type ? { type: { text: type } } : {}),
      subject: patient,
      collection: {
        ...(collection?.collectedAt ? { collectedDateTime: instant(collection.collectedAt) } : {}),
        ...(collection?.collectedBy ? { collector: { display: collection.collectedBy } } : {}),
        ...(typeof collection?.fasting === 'boolean'
          ? { fastingStatusCodeableConcept: { coding: [{ system: FHIR_SYSTEMS.fasting, code: collection.fasting ? 'F' : 'NF', display: collection.fasting ? 'Fasting' : 'Not fasting' }] } }
          : {}),
      },
      ...(container ? { container: [{ type: { text: container } }] } : {}),
    });
    specimens.set(key, made);
    return made;
  };
  const specimenRefs = input.tests.map(specimenOf);

  const reasons = (input.diagnoses ?? []).map((d) => ({ coding: [{ system: FHIR_SYSTEMS.icd10cm, code: d.code.includes('.') || d.code.length <= 3 ? d.code : `${d.code.slice(0, 3)}.${d.code.slice(3)}`, ...(d.description ? { display: d.description } : {}) }] }));
  for (const [index, test] of input.tests.entries()) {
    const notes = [...(input.comments ?? []), ...(test.comments ?? []), ...answerText(test)];
    add<ServiceRequest>({
      resourceType: 'ServiceRequest',
      status: options.cancelled ? 'revoked' : 'active',
      intent: 'order',
      identifier: [{ type: { coding: [{ system: FHIR_SYSTEMS.identifierType, code: 'PLAC' }] }, system: FHIR_SYSTEMS.requisition, value: input.requisitionNumber }],
      requisition: { system: FHIR_SYSTEMS.requisition, value: input.requisitionNumber },
      priority: input.priority === 'stat' ? 'stat' : 'routine',
      code: {
        coding: [
          { system: FHIR_SYSTEMS.testCode, code: test.code, display: test.name },
          ...(test.loinc ? [{ system: FHIR_SYSTEMS.loinc, code: test.loinc }] : []),
          ...(test.cpt ? [{ system: FHIR_SYSTEMS.cpt, code: test.cpt }] : []),
        ],
        text: test.name,
      },
      ...(test.abn ? { orderDetail: [{ coding: [{ system: FHIR_SYSTEMS.hcpcs, code: test.abn.modifier }], text: `Modifier ${test.abn.modifier}` }] } : {}),
      subject: patient,
      authoredOn: instant(input.sentAt),
      requester: practitioner,
      ...(reasons.length ? { reasonCode: reasons } : {}),
      ...(coverages.length ? { insurance: coverages } : {}),
      specimen: [specimenRefs[index] as Reference<Specimen>],
      supportingInfo: [organization],
      ...(notes.length ? { note: notes.map((text) => ({ text })) } : {}),
    });
  }
  return { resourceType: 'Bundle', type: 'collection', timestamp: instant(input.sentAt), entry: entries };
}
