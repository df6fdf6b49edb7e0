/**
 * What the PECOS column shows for a provider (spec §4), and whether the provider may order
 * Medicare lab tests (the Order and Referring dataset's PARTB flag, kept by verify-pecos in
 * pecos_verification_data). Medicare denies a laboratory's claim when the ordering NPI is
 * not enrolled or not eligible to order, so both are shown; "could not tell" is never
 * shown as "no".
 */
import { formatListDate } from '../../../lib/format/date.ts';
import { isJsonObject, parseJsonObject } from '../../../lib/provider/json-field.ts';

export const PECOS_NPI_REQUIRED_TOOLTIP = 'NPI required for PECOS verification';
export const PECOS_NOT_VERIFIED = 'Not verified';
export const PECOS_ENROLLED = 'Enrolled in PECOS';
export const PECOS_NOT_ENROLLED = 'Not enrolled in PECOS';
export const PECOS_NEVER_VERIFIED = 'Never';

export interface PecosFields {
  npi: string | null;
  pecos_verified: boolean | null;
  pecos_verification_date: string | null;
  pecos_verification_data?: unknown;
}

export type PecosState = 'npi_required' | 'not_verified' | 'enrolled' | 'not_enrolled';

export interface PecosStatus {
  state: PecosState;
  /** The icon's accessible label (and the warning icon's tooltip). */
  label: string;
  /** The clock icon's tooltip: 'Last verified: {MMM d, yyyy}' or 'Never'. */
  lastVerified: string;
  /** How the icon is coloured: warning icon, plain text, green check, red cross. */
  tone: 'warning' | 'neutral' | 'success' | 'danger';
}

function hasNpi(provider: { npi: string | null }): boolean {
  return typeof provider.npi === 'string' && provider.npi.trim() !== '';
}

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** The clock tooltip: 'Last verified: May 29, 2024', or 'Never' without a date. */
// Every visible list row asks on every keystroke of the search, and parsing plus formatting
// a date costs more than the rest of the row; a few thousand distinct dates at most.
const lastVerifiedTexts = new Map<string, string>();

export function lastVerifiedText(date: string | null | undefined): string {
  if (isBlank(date) || !date) return PECOS_NEVER_VERIFIED;
  let text = lastVerifiedTexts.get(date);
  if (text === undefined) {
    if (lastVerifiedTexts.size >= 5000) lastVerifiedTexts.clear();
    text = `Last verified: ${formatListDate(date)}`;
    lastVerifiedTexts.set(date, text);
  }
  return text;
}

export function pecosStatus(provider: PecosFields): PecosStatus {
  const lastVerified = lastVerifiedText(provider.pecos_verification_date);
  if (!hasNpi(provider)) {
    return { state: 'npi_required', label: PECOS_NPI_REQUIRED_TOOLTIP, lastVerified, tone: 'warning' };
  }
  if (isBlank(provider.pecos_verification_date)) {
    return { state: 'not_verified', label: PECOS_NOT_VERIFIED, lastVerified, tone: 'neutral' };
  }
  return provider.pecos_verified === true
    ? { state: 'enrolled', label: PECOS_ENROLLED, lastVerified, tone: 'success' }
    : { state: 'not_enrolled', label: PECOS_NOT_ENROLLED, lastVerified, tone: 'danger' };
}

/** The per-row verify button is disabled without an NPI or while a check runs (spec §5). */
export function canVerifyPecos(provider: { npi: string | null }, running: boolean): boolean {
  return hasNpi(provider) && !running;
}

export type MedicareOrdering = 'yes' | 'no' | 'unknown';

export const MEDICARE_ORDERING_LABELS: Readonly<Record<MedicareOrdering, string>> = {
  yes: 'May order Medicare lab tests',
  no: 'Not eligible to order Medicare lab tests',
  unknown: 'Medicare lab ordering eligibility not checked',
};

function partBFlag(row: unknown): boolean {
  return isJsonObject(row) && String(row.PARTB ?? '').trim().toUpperCase() === 'Y';
}

/**
 * May the provider order Medicare Part B services, lab tests included? Read from the
 * stored evidence: an explicit `can_order_part_b`, else the Order and Referring rows
 * (none, or none with PARTB "Y", means not eligible). 'unknown' without an NPI, without
 * evidence, or when the evidence is for another NPI (the NPI was edited since the check).
 */
export function medicareLabOrdering(provider: PecosFields): MedicareOrdering {
  if (!hasNpi(provider)) return 'unknown';
  const data = parseJsonObject(provider.pecos_verification_data);
  if (!data) return 'unknown';
  if (typeof data.npi === 'string' && data.npi.trim() !== (provider.npi ?? '').trim()) return 'unknown';
  if (typeof data.can_order_part_b === 'boolean') return data.can_order_part_b ? 'yes' : 'no';
  const orderReferring = data.order_referring;
  if (isJsonObject(orderReferring) && Array.isArray(orderReferring.rows)) {
    return orderReferring.rows.some(partBFlag) ? 'yes' : 'no';
  }
  return 'unknown';
}
