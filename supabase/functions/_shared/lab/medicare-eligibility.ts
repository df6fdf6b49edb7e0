// Whether Medicare can be billed for a provider's orders: the ordering provider must be
// enrolled in PECOS and eligible to order Part B services (the CMS Order and Referring
// dataset, PARTB "Y") by the last check. The evidence is what verify-pecos stored on the
// provider (pecos_verification_data, shaped by _shared/cms.ts). A check older than 30 days,
// or none, must be run again before Medicare is billed. Pure: order entry decides offline
// from the local provider row, and the server decides again when the order arrives.
import type { CmsRow, PecosEvidence } from '../cms.ts';

/** A check older than this must be repeated before Medicare is billed. */
export const PECOS_CHECK_MAX_AGE_DAYS = 30;

const DAY_MS = 86_400_000;

/** The provider fields the rule reads (a row of public.providers, or its local copy). */
export interface EligibilityProvider {
  npi: string | null;
  pecos_verification_date: string | null;
  /** The stored evidence; it may arrive as a JSON string (spec §3). */
  pecos_verification_data: unknown;
}

export type EligibilityStatus = 'eligible' | 'not-eligible' | 'needs-check';

export interface MedicareEligibility {
  status: EligibilityStatus;
  /** In words for the user. */
  reason: string;
  /** When the check the answer rests on ran; null when there is none. */
  checkedAt: string | null;
  /** Days since that check (whole days); null without one. */
  ageDays: number | null;
  /** What the last check found (null: not known). */
  enrolled: boolean | null;
  partB: boolean | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rowsOf(dataset: unknown): CmsRow[] | null {
  if (!isRecord(dataset) || !Array.isArray(dataset.rows)) return null;
  return dataset.rows.every(isRecord) ? (dataset.rows as CmsRow[]) : null;
}

/** The stored evidence, when it has the shape verify-pecos writes; null otherwise. */
export function readPecosEvidence(data: unknown): Pick<PecosEvidence, 'npi' | 'checked_at'> & { enrollmentRows: CmsRow[]; orderReferringRows: CmsRow[] } | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!isRecord(value) || typeof value.npi !== 'string' || typeof value.checked_at !== 'string') return null;
  const enrollmentRows = rowsOf(value.enrollment);
  const orderReferringRows = rowsOf(value.order_referring);
  if (!enrollmentRows || !orderReferringRows) return null;
  return { npi: value.npi, checked_at: value.checked_at, enrollmentRows, orderReferringRows };
}

function dateText(iso: string): string {
  return iso.slice(0, 10);
}

/** The provider's Medicare ordering eligibility as of `now`. */
export function medicareOrderingEligibility(provider: EligibilityProvider, now: Date | string): MedicareEligibility {
  const unknown = { checkedAt: null, ageDays: null, enrolled: null, partB: null };
  if (!provider.npi) {
    return { status: 'not-eligible', reason: 'The provider has no NPI: Medicare pays only for tests ordered by a provider with an NPI who is enrolled in PECOS.', ...unknown };
  }
  const evidence = readPecosEvidence(provider.pecos_verification_data);
  const checkedAt = provider.pecos_verification_date ?? evidence?.checked_at ?? null;
  if (!evidence || !checkedAt) {
    return { status: 'needs-check', reason: 'PECOS enrollment and Part B ordering have not been checked for this provider yet.', ...unknown };
  }
  if (evidence.npi !== provider.npi) {
    return { status: 'needs-check', reason: `The stored PECOS check is for NPI ${evidence.npi}, not ${provider.npi}: check again.`, ...unknown };
  }
  const checkedMs = Date.parse(checkedAt);
  const nowMs = typeof now === 'string' ? Date.parse(now) : now.getTime();
  if (Number.isNaN(checkedMs)) {
    return { status: 'needs-check', reason: 'The date of the last PECOS check cannot be read: check again.', ...unknown };
  }
  const ageDays = Math.max(0, Math.floor((nowMs - checkedMs) / DAY_MS));
  const enrolled = evidence.enrollmentRows.length > 0;
  const partB = evidence.orderReferringRows.some((row) => String(row.PARTB ?? '').trim().toUpperCase() === 'Y');
  const found = { checkedAt, ageDays, enrolled, partB };
  if (ageDays > PECOS_CHECK_MAX_AGE_DAYS) {
    return {
      status: 'needs-check',
      reason: `The last PECOS check was on ${dateText(checkedAt)}, ${ageDays} days ago: Medicare eligibility is checked again after ${PECOS_CHECK_MAX_AGE_DAYS} days.`,
      ...found,
    };
  }
  if (!enrolled) {
    return {
      status: 'not-eligible',
      reason: `The provider is not enrolled in PECOS (Medicare's enrollment record) by the check of ${dateText(checkedAt)}: Medicare cannot be billed for their orders.`,
      ...found,
    };
  }
  if (!partB) {
    return {
      status: 'not-eligible',
      reason: `The provider is enrolled in PECOS but not eligible to order Part B services (the Order and Referring file does not show PARTB "Y") by the check of ${dateText(checkedAt)}: Medicare cannot be billed for their orders.`,
      ...found,
    };
  }
  return { status: 'eligible', reason: `Enrolled in PECOS and eligible to order Part B services by the check of ${dateText(checkedAt)}.`, ...found };
}
