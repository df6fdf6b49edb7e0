/**
 * The account facts of each demo organization: account number and bill types, addresses,
 * phone, fax, e-mail, CLIA number, notes, the courier's pickup windows, closures and
 * instructions, and the contacts. For organizations with an NPI the addresses, phone, fax,
 * DBA name, authorized official and taxonomy come from the registry simulator's record (as
 * the lookup would have filled them in), written the way people write them.
 */
import { NAMED_NPIS, nppesResult } from '../local/simulator/fixtures.ts';
import type { NppesAddress } from '../local/simulator/types.ts';
import { titleCase } from './ids.ts';

interface Address {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
}

type Day = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

interface Contact {
  name: string;
  role: string;
  phone: string | null;
  email: string | null;
  preferred_channel: 'phone' | 'email' | 'fax' | 'text';
}

export interface AccountFacts {
  accountNumber: string;
  billTypes: Array<'client' | 'patient' | 'third_party'>;
  dbaName: string | null;
  practiceAddress: Address;
  /** null: invoices go to the practice address. */
  billingAddress: Address | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  cliaNumber: string | null;
  notes: string | null;
  authorizedOfficial: { first_name: string | null; middle_name: string | null; last_name: string | null; credential: string | null; title: string | null; phone: string | null } | null;
  taxonomy: { code: string; description: string } | null;
  schedule: Array<{ day: Day; start: string; end: string }>;
  closures: Array<{ start: string; end: string; reason: string }>;
  pickupInstructions: string | null;
  contacts: Contact[];
  nppesVerifiedDaysAgo?: number;
  /** The practice location the seeded record was looked up with, older than the registry's now. */
  olderRegistryLocation?: Partial<NppesAddress>;
}

const WEEKDAYS: Day[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

/** The same windows every weekday. */
function weekdays(...windows: Array<[string, string]>): AccountFacts['schedule'] {
  return WEEKDAYS.flatMap((day) => windows.map(([start, end]) => ({ day, start, end })));
}

function zip(code: string): string {
  return /^\d{9}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

function addressOf(address: Partial<NppesAddress> | undefined): Address {
  if (!address?.address_1 || !address.city || !address.state || !address.postal_code) throw new Error('A registry address is incomplete');
  return {
    line1: titleCase(address.address_1).replace(/\bPo Box\b/, 'PO Box'),
    line2: address.address_2 ? titleCase(address.address_2) : null,
    city: titleCase(address.city),
    state: address.state,
    zip: zip(address.postal_code),
  };
}

/** What the lookup fills in from the registry's record of an NPI. */
function fromRegistry(npi: string, older?: Partial<NppesAddress>) {
  const record = nppesResult(npi);
  if (!record) throw new Error(`NPI ${npi} has no registry record`);
  const location = { ...record.addresses.find((a) => a.address_purpose === 'LOCATION'), ...older };
  const mailing = record.addresses.find((a) => a.address_purpose === 'MAILING');
  const primary = record.taxonomies.find((t) => t.primary);
  const basic = record.basic as unknown as Record<string, string | undefined>;
  const dba = record.other_names.find((name) => 'organization_name' in name && name.type === 'Doing Business As') as { organization_name?: string } | undefined;
  const practice = addressOf(location);
  const billing = mailing ? addressOf(mailing) : null;
  const official = basic.authorized_official_last_name
    ? {
        first_name: basic.authorized_official_first_name ?? null,
        middle_name: basic.authorized_official_middle_name ?? null,
        last_name: basic.authorized_official_last_name ?? null,
        credential: basic.authorized_official_credential && basic.authorized_official_credential !== '--' ? basic.authorized_official_credential : null,
        title: basic.authorized_official_title_or_position ?? null,
        phone: (basic.authorized_official_telephone_number ?? '').replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3') || null,
      }
    : null;
  return {
    dbaName: dba?.organization_name ? titleCase(dba.organization_name) : null,
    practiceAddress: practice,
    billingAddress: billing && (billing.line1 !== practice.line1 || billing.zip !== practice.zip) ? billing : null,
    phone: location.telephone_number ?? null,
    fax: location.fax_number ?? null,
    authorizedOfficial: official,
    taxonomy: primary ? { code: primary.code, description: primary.desc } : null,
  };
}

const NORTHWAY_BEFORE_MOVE: Partial<NppesAddress> = { address_1: '12 RIDGE ST', address_2: '', telephone_number: '518-555-0161', fax_number: '518-555-0162' };

const HOLIDAYS = [
  { start: '2026-11-26', end: '2026-11-27', reason: 'Thanksgiving' },
  { start: '2026-12-25', end: '2026-12-25', reason: 'Christmas Day' },
  { start: '2027-01-01', end: '2027-01-01', reason: "New Year's Day" },
];

export const ACCOUNTS: Readonly<Record<string, AccountFacts>> = {
  'capital-region': {
    ...fromRegistry(NAMED_NPIS.organization),
    accountNumber: '10001',
    billTypes: ['client', 'third_party'],
    email: 'lab-orders@capitalregionmg.example',
    cliaNumber: null,
    notes: 'Largest outreach client. Standing orders for anticoagulation clinic on Tuesdays.',
    schedule: weekdays(['10:00', '11:00'], ['15:30', '16:30']).concat([{ day: 'sat', start: '09:00', end: '10:00' }]),
    closures: HOLIDAYS,
    pickupInstructions: 'Lockbox by the staff entrance on the north side; code 4417. Refrigerated specimens in the blue cooler at the front desk.',
    contacts: [
      { name: 'Dana Whitaker', role: 'Office manager', phone: '518-555-0134', email: 'dana.whitaker@capitalregionmg.example', preferred_channel: 'email' },
      { name: 'Luis Ortega', role: 'Billing contact', phone: '518-555-0135', email: 'billing@capitalregionmg.example', preferred_channel: 'email' },
      { name: 'Keisha Brown', role: 'Phlebotomist', phone: '518-555-0137', email: null, preferred_channel: 'text' },
    ],
    nppesVerifiedDaysAgo: 45,
  },
  'hudson-valley': {
    ...fromRegistry(NAMED_NPIS.hudsonValleyPractice),
    accountNumber: '10002',
    billTypes: ['client', 'patient', 'third_party'],
    email: 'frontdesk@hvfamilypractice.example',
    cliaNumber: '33D2098765',
    notes: 'Runs its own waived-testing lab (CLIA certificate of waiver).',
    schedule: weekdays(['11:30', '12:30']),
    closures: HOLIDAYS,
    pickupInstructions: 'Ring the bell at the side door; specimens are in the lab room fridge, top shelf.',
    contacts: [
      { name: 'Paula Greco', role: 'Office manager', phone: '845-555-0182', email: 'paula.greco@hvfamilypractice.example', preferred_channel: 'phone' },
      { name: 'Tom Reilly', role: 'Lab supervisor', phone: '845-555-0183', email: 'lab@hvfamilypractice.example', preferred_channel: 'email' },
    ],
    nppesVerifiedDaysAgo: 90,
  },
  'northway-peds': {
    ...fromRegistry(NAMED_NPIS.northwayPediatrics, NORTHWAY_BEFORE_MOVE),
    accountNumber: '10003',
    billTypes: ['client', 'third_party'],
    email: 'office@northwaypeds.example',
    cliaNumber: null,
    notes: 'Moving to Bay Street this winter: confirm the new address with the office.',
    schedule: [
      ...weekdays(['13:00', '14:00']),
      { day: 'wed', start: '16:00', end: '17:00' },
    ],
    closures: [...HOLIDAYS, { start: '2026-12-28', end: '2026-12-31', reason: 'Office move' }],
    pickupInstructions: 'Pediatric specimens are labelled with a yellow sticker; keep urine cultures refrigerated.',
    contacts: [{ name: 'Mei Chen', role: 'Office manager', phone: '518-555-0165', email: 'mei.chen@northwaypeds.example', preferred_channel: 'email' }],
    nppesVerifiedDaysAgo: 400,
    olderRegistryLocation: NORTHWAY_BEFORE_MOVE,
  },
  'green-mountain': {
    ...fromRegistry(NAMED_NPIS.greenMountainMedicine),
    accountNumber: '10004',
    billTypes: ['third_party'],
    email: 'labs@greenmountainim.example',
    cliaNumber: null,
    notes: null,
    schedule: [
      { day: 'mon', start: '14:00', end: '15:00' },
      { day: 'wed', start: '14:00', end: '15:00' },
      { day: 'fri', start: '14:00', end: '15:00' },
    ],
    closures: [{ start: '2026-12-24', end: '2026-12-26', reason: 'Holiday closure' }],
    pickupInstructions: 'Courier picks up from the reception desk; frozen specimens only on Mondays.',
    contacts: [
      { name: 'Ellen Marsh', role: 'Practice manager', phone: '802-555-0191', email: 'ellen.marsh@greenmountainim.example', preferred_channel: 'phone' },
      { name: 'Ravi Patel', role: 'Billing contact', phone: null, email: 'billing@greenmountainim.example', preferred_channel: 'email' },
    ],
  },
  'mohawk-urgent-care': {
    accountNumber: '10005',
    billTypes: ['client'],
    dbaName: null,
    practiceAddress: { line1: '220 Genesee St', line2: null, city: 'Utica', state: 'NY', zip: '13502' },
    billingAddress: null,
    phone: '315-555-0118',
    fax: null,
    email: null,
    cliaNumber: null,
    notes: 'Closed in July 2026; its NPI was deactivated. Kept for the order history.',
    authorizedOfficial: null,
    taxonomy: { code: '261QU0200X', description: 'Clinic/Center, Urgent Care' },
    schedule: [],
    closures: [],
    pickupInstructions: null,
    contacts: [],
  },
  'park-womens-health': {
    ...fromRegistry(NAMED_NPIS.notEnrolled),
    dbaName: "Park Women's Health",
    accountNumber: '10006',
    billTypes: ['client', 'patient'],
    email: 'office@parkwomenshealth.example',
    cliaNumber: null,
    notes: null,
    schedule: [
      { day: 'tue', start: '12:00', end: '13:00' },
      { day: 'thu', start: '12:00', end: '13:00' },
    ],
    closures: [{ start: '2026-12-21', end: '2027-01-02', reason: 'Winter break' }],
    pickupInstructions: 'Specimens in the drop box inside the vestibule.',
    contacts: [{ name: 'Angela Ruiz', role: 'Medical assistant', phone: '518-555-0172', email: null, preferred_channel: 'phone' }],
    nppesVerifiedDaysAgo: 200,
  },
  'obrien-internal-medicine': {
    ...fromRegistry(NAMED_NPIS.apostropheName),
    dbaName: "O'Brien Internal Medicine",
    accountNumber: '10007',
    billTypes: ['third_party'],
    email: 'frontdesk@obrienim.example',
    cliaNumber: null,
    notes: null,
    schedule: weekdays(['09:00', '09:30']),
    closures: HOLIDAYS,
    pickupInstructions: null,
    contacts: [],
    nppesVerifiedDaysAgo: 30,
  },
  'empire-drug-testing': {
    accountNumber: '10008',
    billTypes: ['client'],
    dbaName: 'Empire Drug Testing',
    practiceAddress: { line1: '1 Commerce Plaza', line2: 'Suite 410', city: 'Albany', state: 'NY', zip: '12260' },
    billingAddress: { line1: 'PO Box 2210', line2: null, city: 'Albany', state: 'NY', zip: '12220-0210' },
    phone: '518-555-0140',
    fax: '518-555-0141',
    email: 'accounts@empirewdt.example',
    cliaNumber: null,
    notes: 'DOT and non-DOT panels; chain-of-custody forms required.',
    authorizedOfficial: null,
    taxonomy: null,
    schedule: weekdays(['16:00', '17:00']),
    closures: HOLIDAYS,
    pickupInstructions: 'Collection site closes at 17:00; sealed kits in the locked cabinet.',
    contacts: [{ name: 'Karen Whitfield', role: 'Program manager', phone: '518-555-0142', email: 'karen.whitfield@empirewdt.example', preferred_channel: 'email' }],
  },
  'albany-corrections': {
    accountNumber: '10009',
    billTypes: ['client'],
    dbaName: null,
    practiceAddress: { line1: '840 Albany Shaker Rd', line2: null, city: 'Albany', state: 'NY', zip: '12211' },
    billingAddress: { line1: '112 State St', line2: 'Room 1000', city: 'Albany', state: 'NY', zip: '12207' },
    phone: '518-555-0150',
    fax: '518-555-0151',
    email: 'medical@albanycountycf.example',
    cliaNumber: null,
    notes: 'Courier must sign in at the gatehouse with photo ID.',
    authorizedOfficial: null,
    taxonomy: null,
    schedule: [
      { day: 'mon', start: '08:00', end: '09:00' },
      { day: 'thu', start: '08:00', end: '09:00' },
    ],
    closures: [],
    pickupInstructions: 'Gatehouse sign-in; medical unit escort to the specimen refrigerator.',
    contacts: [{ name: 'Janet Okonkwo', role: 'Health services administrator', phone: '518-555-0150', email: 'janet.okonkwo@albanycountycf.example', preferred_channel: 'phone' }],
  },
  'troy-schools': {
    accountNumber: '10010',
    billTypes: ['client'],
    dbaName: null,
    practiceAddress: { line1: '475 1st St', line2: null, city: 'Troy', state: 'NY', zip: '12180' },
    billingAddress: null,
    phone: '518-555-0160',
    fax: '518-555-0161',
    email: 'nurses@troyschools.example',
    cliaNumber: null,
    notes: 'Titers before the school year; athletics screening in August.',
    authorizedOfficial: null,
    taxonomy: null,
    schedule: [{ day: 'wed', start: '14:00', end: '15:00' }],
    closures: [{ start: '2026-12-23', end: '2027-01-01', reason: 'Winter recess' }],
    pickupInstructions: null,
    contacts: [{ name: 'Susan Marchetti', role: 'Nurse coordinator', phone: '518-555-0160', email: 'susan.marchetti@troyschools.example', preferred_channel: 'email' }],
  },
  'capital-research': {
    accountNumber: '10011',
    billTypes: ['client', 'third_party'],
    dbaName: 'CDCRA',
    practiceAddress: { line1: '5 Tower Pl', line2: 'Floor 3', city: 'Albany', state: 'NY', zip: '12203' },
    billingAddress: null,
    phone: '518-555-0170',
    fax: '518-555-0171',
    email: 'trials@cdcra.example',
    cliaNumber: null,
    notes: 'Sponsor-billed trials: use the study-specific requisitions.',
    authorizedOfficial: null,
    taxonomy: null,
    schedule: weekdays(['12:00', '12:30']),
    closures: HOLIDAYS,
    pickupInstructions: 'Frozen aliquots in the −80 °C freezer, room 312; dry ice on site.',
    contacts: [
      { name: 'Rosa Jimenez', role: 'Trial coordinator', phone: '518-555-0170', email: 'rosa.jimenez@cdcra.example', preferred_channel: 'email' },
      { name: 'Thomas Becker', role: 'Biorepository manager', phone: '518-555-0172', email: null, preferred_channel: 'phone' },
    ],
  },
};
