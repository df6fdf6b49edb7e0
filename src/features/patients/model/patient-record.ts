/**
 * The vocabulary of a patient record (supabase/migrations/20261125250000_patients.sql):
 * the shapes of its JSON columns (MRNs per organization, coverages), the allowed values and
 * how they read on screen, and the lab patient id made on the device.
 */
import { formatMbi } from '../../../lib/lab/mbi.ts';

export { mrnsOf, type MedicalRecordNumber } from '../../../lib/patients/patient-search.ts';

export const SEXES = ['female', 'male', 'other', 'unknown'] as const;
export type Sex = (typeof SEXES)[number];
export const SEX_LABELS: Record<Sex, string> = { female: 'Female', male: 'Male', other: 'Other', unknown: 'Unknown' };

import type { PayerType } from '../../../lib/patients/payer-types.ts';

export { PAYER_TYPES, PAYER_TYPE_LABELS, type PayerType } from '../../../lib/patients/payer-types.ts';

export const RELATIONSHIPS = ['self', 'spouse', 'child', 'other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
export const RELATIONSHIP_LABELS: Record<Relationship, string> = { self: 'Self', spouse: 'Spouse', child: 'Child', other: 'Other' };

export interface Coverage {
  rank: 'primary' | 'secondary';
  payer_type: PayerType;
  payer_name: string | null;
  member_id: string | null;
  group_number: string | null;
  subscriber_name: string | null;
  relationship: Relationship;
}


/** The coverages of a record, primary first. */
export function coveragesOf(record: { coverages: unknown }): Coverage[] {
  const list = Array.isArray(record.coverages) ? (record.coverages as Coverage[]) : [];
  return [...list].sort((a, b) => (a.rank === b.rank ? 0 : a.rank === 'primary' ? -1 : 1));
}


/** A member id as shown: an MBI with its dashes, any other id as stored. */
export function displayMemberId(coverage: Pick<Coverage, 'payer_type' | 'member_id'>): string {
  if (!coverage.member_id) return '';
  return coverage.payer_type === 'medicare' ? formatMbi(coverage.member_id) : coverage.member_id;
}

/** 'Okafor, Margaret Ann' */
export function patientName(record: { first_name: string; middle_name: string | null; last_name: string }): string {
  const given = [record.first_name, record.middle_name].filter(Boolean).join(' ');
  return given ? `${record.last_name}, ${given}` : record.last_name;
}

/**
 * `P-<device>-<counter>` (src/lib/lab/device-numbers.ts): no two devices share a device
 * number and a device never reuses a counter, so no two patients can get the same id.
 */
export { labPatientId } from '../../../lib/lab/device-numbers.ts';
