/**
 * The demo laboratory's patients (issue 26): realistic and clearly fictional (555 phone
 * numbers, example.org mail, made-up names and streets), some on Medicare with MBIs in
 * CMS's format, some with commercial insurance or Medicaid, some self-pay, with MRNs at
 * the seeded organizations. Eleanor Whitfield (born 1946-05-14) is the patient the
 * end-to-end journey's new patient duplicates. Lab patient ids use device number 0, which
 * the server never gives a device (its numbers start at 1), so they cannot collide with
 * ids made on a device.
 */
import { daysAgo, seedUuid } from './ids.ts';

type PayerType = 'medicare' | 'medicaid' | 'commercial' | 'self_pay';

interface Facts {
  first: string;
  middle?: string;
  last: string;
  dob: string;
  sex: 'female' | 'male';
  street: string;
  city: string;
  zip: string;
  /** [organization key, MRN] */
  mrns: Array<[string, string]>;
  primary: [PayerType, string | null, string | null, string | null];
  secondary?: [PayerType, string | null, string | null, string | null];
}

// [payer type, payer name, member id (an MBI for Medicare), group number]
const FACTS: readonly Facts[] = [
  { first: 'Eleanor', middle: 'Ruth', last: 'Whitfield', dob: '1946-05-14', sex: 'female', street: '118 Elm Hollow Rd', city: 'Albany', zip: '12203', mrns: [['capital-region', 'CRM-204881']], primary: ['medicare', 'Medicare', '1EG4TE5MK73', null], secondary: ['commercial', 'Empire Medigap Plan G', 'MG4471920', 'GRP-7710'] },
  { first: 'Harold', last: 'Pennington', dob: '1944-02-29', sex: 'male', street: '42 Quarry Ln', city: 'Schenectady', zip: '12305', mrns: [['hudson-valley', 'HVF-00931']], primary: ['medicare', 'Medicare', '2KC7WH3QR58', null] },
  { first: 'Margaret', middle: 'Ann', last: 'Okafor', dob: '1948-03-12', sex: 'female', street: '9 Birchwood Ct', city: 'Troy', zip: '12180', mrns: [['capital-region', 'CRM-118204'], ['green-mountain', 'GMI-5521']], primary: ['medicare', 'Medicare', '5TN2AD8UP41', null] },
  { first: 'Walter', last: 'Brzezinski', dob: '1939-11-30', sex: 'male', street: '77 Canal St Apt 3', city: 'Cohoes', zip: '12047', mrns: [['green-mountain', 'GMI-4410']], primary: ['medicare', 'Medicare', '3HX9MV6KE22', null], secondary: ['medicaid', 'New York Medicaid', 'QX48812T', null] },
  { first: 'Dolores', last: 'Acevedo-Ramirez', dob: '1952-08-07', sex: 'female', street: '310 Pinecrest Dr', city: 'Latham', zip: '12110', mrns: [['hudson-valley', 'HVF-01877']], primary: ['medicare', 'Medicare', '7GR3YC1NW96', null] },
  { first: 'Franklin', middle: 'T.', last: 'Osei', dob: '1950-01-19', sex: 'male', street: '5 Larkspur Way', city: 'Delmar', zip: '12054', mrns: [], primary: ['medicare', 'Medicare', '8PD6FJ2RT07', null] },
  { first: 'Priya', last: 'Raghunathan', dob: '1987-06-02', sex: 'female', street: '21 Sycamore Ave', city: 'Albany', zip: '12208', mrns: [['capital-region', 'CRM-330412']], primary: ['commercial', 'Northeast Health Alliance PPO', 'NHA918273645', 'G-44810'] },
  { first: 'Marcus', last: 'Delacroix', dob: '1979-12-15', sex: 'male', street: '604 Riverview Ter', city: 'Rensselaer', zip: '12144', mrns: [['hudson-valley', 'HVF-02214']], primary: ['commercial', 'Keystone Mutual HMO', 'KM55120984', 'HMO-2231'] },
  { first: 'Sofia', last: 'Lindqvist', dob: '2012-09-23', sex: 'female', street: '14 Maple Ridge Rd', city: 'Clifton Park', zip: '12065', mrns: [['northway-peds', 'NPA-77810']], primary: ['commercial', 'Northeast Health Alliance PPO', 'NHA402918377', 'G-10200'] },
  { first: 'Jamal', last: 'Whitaker', dob: '2015-04-30', sex: 'male', street: '88 Oak Knoll Ct', city: 'Halfmoon', zip: '12065', mrns: [['northway-peds', 'NPA-80122']], primary: ['medicaid', 'New York Medicaid', 'RT77120K', null] },
  { first: 'Theresa', last: 'Nakamura-Boyle', dob: '1991-02-11', sex: 'female', street: '233 Lark St Apt 2R', city: 'Albany', zip: '12210', mrns: [['park-womens-health', 'PWH-1190']], primary: ['commercial', 'Bluestone Health Plan', 'BSH7783120', 'BSH-ALB-01'] },
  { first: 'Gabriel', last: 'Ferreira', dob: '1968-07-04', sex: 'male', street: '19 Fieldstone Dr', city: 'Guilderland', zip: '12084', mrns: [['obrien-internal-medicine', 'OIM-3302']], primary: ['self_pay', null, null, null] },
  { first: 'Naomi', last: 'Castellanos', dob: '1996-10-27', sex: 'female', street: '402 Hudson Ave', city: 'Albany', zip: '12203', mrns: [], primary: ['self_pay', null, null, null] },
  { first: 'Kenneth', middle: 'J.', last: 'Abernathy', dob: '1957-03-03', sex: 'male', street: '12 Old Loudon Rd', city: 'Loudonville', zip: '12211', mrns: [['green-mountain', 'GMI-6130']], primary: ['commercial', 'Keystone Mutual HMO', 'KM99012377', 'HMO-2231'] },
  { first: 'Ruth', last: 'Goldfarb', dob: '1941-12-08', sex: 'female', street: '57 Western Ave', city: 'Albany', zip: '12203', mrns: [['capital-region', 'CRM-090217']], primary: ['medicare', 'Medicare', '4WA8QT5HM30', null] },
  { first: 'Desmond', last: 'Achterberg', dob: '1985-05-21', sex: 'male', street: '1100 Central Ave', city: 'Colonie', zip: '12205', mrns: [['empire-drug-testing', 'EWDT-55310']], primary: ['self_pay', null, null, null] },
];

export interface DemoPatientRow {
  [column: string]: string | boolean | null | object;
}

export function demoPatients(organizationIds: Map<string, string>, createdBy: string | null): DemoPatientRow[] {
  return FACTS.map((facts, index) => {
    const createdAt = daysAgo(400 - index * 20, 15, index);
    const coverage = (rank: 'primary' | 'secondary', [payerType, payerName, memberId, groupNumber]: NonNullable<Facts['secondary']>) => ({
      rank,
      payer_type: payerType,
      payer_name: payerName,
      member_id: memberId,
      group_number: groupNumber,
      subscriber_name: null,
      relationship: 'self',
    });
    return {
      id: seedUuid(`patient:${facts.last}:${facts.dob}`),
      lab_patient_id: `P-0-${String(index + 1).padStart(4, '0')}`,
      first_name: facts.first,
      middle_name: facts.middle ?? null,
      last_name: facts.last,
      date_of_birth: facts.dob,
      sex: facts.sex,
      address_line1: facts.street,
      address_line2: null,
      city: facts.city,
      state: 'NY',
      postal_code: facts.zip,
      phone: `(518) 555-${String(1100 + index * 37).slice(-4)}`,
      email: `${facts.first}.${facts.last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.org',
      medical_record_numbers: facts.mrns.map(([key, mrn]) => {
        const organizationId = organizationIds.get(key);
        if (!organizationId) throw new Error(`No demo organization ${key}`);
        return { organization_id: organizationId, mrn };
      }),
      coverages: [coverage('primary', facts.primary), ...(facts.secondary ? [coverage('secondary', facts.secondary)] : [])],
      is_active: true,
      created_by: createdBy,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}
