// The snapshot a provider's first scheduled re-verification compares with: what the
// directory already holds about the provider (the NPPES answer stored with it, the last
// PECOS check). Facts never checked stay null, so they raise nothing. Pure.
import { normaliseNppesAnswer, isNppesProblem } from '../nppes.ts';
import { snapshotOf, isRecord, type VerificationSnapshot } from './snapshot.ts';

export interface StoredProvider {
  id: string;
  npi: string;
  nppes_data: unknown;
  pecos_verified: boolean | null;
  pecos_verification_date: string | null;
  pecos_verification_data: unknown;
}

export function baselineSnapshot(provider: StoredProvider): VerificationSnapshot {
  const npi = provider.npi.trim();
  const stored = typeof provider.nppes_data === 'string' ? parse(provider.nppes_data) : provider.nppes_data;
  const nppes = stored ? normaliseNppesAnswer(stored, npi, 'individual') : null;
  const checked = provider.pecos_verification_date !== null;
  const base = nppes && !isNppesProblem(nppes) && nppes.enumeration_type !== null
    ? snapshotOf(nppes, { verified: false, can_order_part_b: false })
    : { nppes_active: null, legal_name: null, credential: null, primary_taxonomy_code: null, primary_taxonomy_description: null };
  return {
    ...base,
    pecos_enrolled: checked ? provider.pecos_verified === true : null,
    part_b: checked ? storedPartB(provider.pecos_verification_data, npi) : null,
  };
}

/** Part B from stored evidence: its `can_order_part_b`, else its Order and Referring rows. */
function storedPartB(data: unknown, npi: string): boolean | null {
  const evidence = typeof data === 'string' ? parse(data) : data;
  if (!isRecord(evidence)) return null;
  if (typeof evidence.npi === 'string' && evidence.npi.trim() !== npi) return null;
  if (typeof evidence.can_order_part_b === 'boolean') return evidence.can_order_part_b;
  const orderReferring = evidence.order_referring;
  if (isRecord(orderReferring) && Array.isArray(orderReferring.rows)) {
    return orderReferring.rows.some((row) => isRecord(row) && String(row.PARTB ?? '').trim().toUpperCase() === 'Y');
  }
  return null;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
