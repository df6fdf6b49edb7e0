/**
 * Realistic patient rows for the benchmark's patients phase (issue 26), generated
 * deterministically like the directory's: names from the same word lists (common US
 * surnames mixed with generated ones, so a search narrows as in a real laboratory), dates of
 * birth across 90 years, an address and phone, an MRN at one or two client organizations,
 * and coverage (Medicare with a valid MBI for most of the over-65s, else Medicaid,
 * commercial or self-pay). Lab patient ids use a device number no device is ever given.
 */
import { randomUUID } from 'node:crypto';
import { FEMALE_FIRST, MALE_FIRST, PLACES, STREETS } from '../../supabase/local/simulator/generator-data.ts';
import { createRng, type Rng } from '../../supabase/local/simulator/prng.ts';
import { isoDaysAgo, lastName, titleCase, type Row } from './directory-data.ts';

/** The bench's device in lab patient ids (`P-<device>-<counter>`): far above any device number handed out. */
const BENCH_DEVICE = 'ZZZZ';
/** MBI letters: never S, L, O, I, B or Z. */
const MBI_LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
const COMMERCIAL = ['Aetna Choice POS II', 'BlueCross BlueShield PPO', 'Cigna Open Access Plus', 'UnitedHealthcare Choice Plus', 'MVP Health Care'];

function mbi(rng: Rng): string {
  const letter = () => MBI_LETTERS[rng.int(0, MBI_LETTERS.length - 1)]!;
  const digit = () => String(rng.int(0, 9));
  const either = () => (rng.chance(0.5) ? letter() : digit());
  return `${rng.int(1, 9)}${letter()}${either()}${digit()}${letter()}${either()}${digit()}${letter()}${letter()}${digit()}${digit()}`;
}

function coverage(rng: Rng, age: number, subscriber: string): Row[] {
  if (age >= 65 && rng.chance(0.85)) {
    const list: Row[] = [{ rank: 'primary', payer_type: 'medicare', payer_name: 'Medicare', member_id: mbi(rng), group_number: null, subscriber_name: null, relationship: 'self' }];
    if (rng.chance(0.4)) list.push({ rank: 'secondary', payer_type: 'commercial', payer_name: 'Medigap Plan G', member_id: `MG${rng.digits(7)}`, group_number: null, subscriber_name: null, relationship: 'self' });
    return list;
  }
  if (rng.chance(0.15)) return [{ rank: 'primary', payer_type: 'medicaid', payer_name: 'New York Medicaid', member_id: `${rng.pick(['QX', 'TR', 'LK'])}${rng.digits(5)}T`, group_number: null, subscriber_name: null, relationship: 'self' }];
  if (rng.chance(0.08)) return [{ rank: 'primary', payer_type: 'self_pay', payer_name: null, member_id: null, group_number: null, subscriber_name: null, relationship: 'self' }];
  const self = rng.chance(0.7);
  return [
    {
      rank: 'primary',
      payer_type: 'commercial',
      payer_name: rng.pick(COMMERCIAL),
      member_id: `W${rng.digits(9)}`,
      group_number: `GRP-${rng.digits(5)}`,
      subscriber_name: self ? null : subscriber,
      relationship: self ? 'self' : rng.pick(['spouse', 'child']),
    },
  ];
}

export interface PatientBatchOptions {
  count: number;
  /** Patients the bench already added (their counters continue). */
  offset: number;
  /** Client organizations that give MRNs. */
  organizationIds: readonly string[];
}

export function generatePatients({ count, offset, organizationIds }: PatientBatchOptions): Row[] {
  if (organizationIds.length === 0) throw new Error('No organizations to give the patients MRNs');
  const rng = createRng(0x9a7e + offset);
  const rows: Row[] = [];
  for (let i = 0; i < count; i += 1) {
    const counter = offset + i + 1;
    const female = rng.chance(0.52);
    const first = titleCase(rng.pick(female ? FEMALE_FIRST : MALE_FIRST));
    const last = lastName(rng);
    const birth = new Date(Date.UTC(1935, 0, 1) + rng.int(0, 90 * 365) * 86_400_000);
    const age = 2026 - birth.getUTCFullYear();
    const place = rng.pick(PLACES);
    const orgs = new Set([rng.pick(organizationIds)]);
    if (rng.chance(0.2)) orgs.add(rng.pick(organizationIds));
    const created = isoDaysAgo(rng, 1500);
    rows.push({
      id: randomUUID(),
      lab_patient_id: `P-${BENCH_DEVICE}-${String(counter).padStart(6, '0')}`,
      first_name: first,
      middle_name: rng.chance(0.3) ? titleCase(rng.pick(female ? FEMALE_FIRST : MALE_FIRST)) : null,
      last_name: last,
      date_of_birth: birth.toISOString().slice(0, 10),
      sex: female ? 'female' : 'male',
      address_line1: `${rng.int(1, 9999)} ${titleCase(rng.pick(STREETS))}`,
      address_line2: rng.chance(0.1) ? `Apt ${rng.int(1, 40)}` : null,
      city: titleCase(place.city),
      state: place.state,
      postal_code: place.zip,
      phone: `(${place.areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`,
      email: rng.chance(0.5) ? `${first}.${last}${counter % 97}@example.org`.toLowerCase().replace(/[^a-z0-9.@]/g, '') : null,
      medical_record_numbers: [...orgs].map((organizationId) => ({ organization_id: organizationId, mrn: `MRN-${rng.digits(7)}` })),
      coverages: coverage(rng, age, `${rng.pick(female ? MALE_FIRST : FEMALE_FIRST)} ${last}`),
      is_active: !rng.chance(0.03),
      created_at: created,
      updated_at: created,
    });
  }
  return rows;
}
