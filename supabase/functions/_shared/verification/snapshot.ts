// What the registries said about a provider at one check, reduced to the facts a change of
// which raises an alert (issue 33): NPPES found and active, legal name, credential, primary
// taxonomy; PECOS enrolled and Part B ordering. The scheduled re-verification keeps the
// last snapshot per provider and compares the next one with it (changes.ts). Pure.
import type { NpiVerificationResult } from '../nppes.ts';

export interface VerificationSnapshot {
  /** NPPES has an active record for the NPI (null: NPPES not consulted). */
  nppes_active: boolean | null;
  legal_name: string | null;
  credential: string | null;
  primary_taxonomy_code: string | null;
  primary_taxonomy_description: string | null;
  /** Enrolled in PECOS per either CMS dataset (null: never checked). */
  pecos_enrolled: boolean | null;
  /** May order Medicare Part B services (null: never checked). */
  part_b: boolean | null;
}

/** The snapshot of a fresh NPPES result and PECOS outcome. */
export function snapshotOf(nppes: NpiVerificationResult, pecos: { verified: boolean; can_order_part_b: boolean }): VerificationSnapshot {
  // Found but not status "A" (normaliseNppesAnswer's text), or not found at all (result_count 0).
  const inactive = nppes.validation_errors.some((error) => error.includes('is not active in the NPPES registry'));
  return {
    nppes_active: nppes.enumeration_type !== null && !inactive,
    legal_name: nppes.legal_name,
    credential: credentialOf(nppes.nppes_data, nppes.npi),
    primary_taxonomy_code: nppes.primary_taxonomy_code,
    primary_taxonomy_description: nppes.primary_taxonomy_description,
    pecos_enrolled: pecos.verified,
    part_b: pecos.can_order_part_b,
  };
}

/** The NPPES record's `basic.credential` (not part of the spec's verification result). */
export function credentialOf(nppesData: unknown, npi: string): string | null {
  const record = recordOf(nppesData, npi);
  const basic = record && isRecord(record.basic) ? record.basic : null;
  const value = basic?.credential;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The record for the NPI in a stored `{result_count, results}` answer (number as string or integer). */
export function recordOf(nppesData: unknown, npi: string): Record<string, unknown> | null {
  const data = typeof nppesData === 'string' ? safeParse(nppesData) : nppesData;
  if (!isRecord(data) || !Array.isArray(data.results)) return null;
  const found = data.results.find((entry) => isRecord(entry) && String(entry.number ?? '').trim() === npi);
  return isRecord(found) ? found : null;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
