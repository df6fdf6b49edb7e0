/**
 * The NPPES API v2.1 search semantics, as pure functions: which query parameters count as
 * criteria, the rules that reject a request (no criteria, state or enumeration_type alone,
 * bad number, short wildcard, limit > 200, skip > 1000) and how a record matches:
 * names exact or with a trailing `*` (two characters at least), taxonomy description as a
 * case-insensitive substring, address fields on one address of the chosen purpose, and a
 * 5-digit postal code matching the 9-digit codes that start with it.
 */
import { NPPES_ERRORS } from './nppes-errors.ts';
import type { NppesAddress, NppesError, NppesResult, NppesSearchAnswer } from './types.ts';

const CRITERIA = [
  'number', 'enumeration_type', 'taxonomy_description', 'first_name', 'last_name', 'organization_name',
  'city', 'state', 'postal_code', 'country_code',
] as const;
type Criterion = (typeof CRITERIA)[number];

/** Criteria that never stand alone: another criterion (not one of these) must come with them. */
const NEVER_ALONE: readonly Criterion[] = ['state', 'enumeration_type', 'country_code'];
const WILDCARD_FIELDS: readonly Criterion[] = ['first_name', 'last_name', 'organization_name', 'postal_code', 'city', 'taxonomy_description'];

export type AddressPurpose = 'LOCATION' | 'MAILING' | 'PRIMARY' | 'SECONDARY';

export interface NppesQuery {
  criteria: Partial<Record<Criterion, string>>;
  addressPurpose: AddressPurpose | null;
  limit: number;
  skip: number;
}

export type ParsedNppesQuery = { ok: true; query: NppesQuery } | { ok: false; errors: NppesError[] };

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 200;
export const MAX_SKIP = 1000;

function integerParam(value: string | null, fallback: number, min: number, max: number): number | null {
  if (value === null || value.trim() === '') return fallback;
  if (!/^[0-9]+$/.test(value.trim())) return null;
  const parsed = Number(value);
  return parsed >= min && parsed <= max ? parsed : null;
}

export function parseNppesQuery(params: URLSearchParams): ParsedNppesQuery {
  const version = params.get('version')?.trim();
  if (!version) return { ok: false, errors: [NPPES_ERRORS.versionMissing()] };
  if (version !== '2.1') return { ok: false, errors: [NPPES_ERRORS.versionUnsupported(version)] };

  const criteria: Partial<Record<Criterion, string>> = {};
  for (const name of CRITERIA) {
    const value = params.get(name)?.trim();
    if (value) criteria[name] = value; // the live API ignores empty parameters
  }
  const errors: NppesError[] = [];
  const present = Object.keys(criteria) as Criterion[];
  if (present.length === 0) errors.push(NPPES_ERRORS.noCriteria());
  if (criteria.number !== undefined && !/^[0-9]{10}$/.test(criteria.number)) errors.push(NPPES_ERRORS.invalidNumber());
  if (criteria.enumeration_type !== undefined && !/^NPI-[12]$/i.test(criteria.enumeration_type)) {
    errors.push(NPPES_ERRORS.invalidEnumerationType());
  }
  if (criteria.state !== undefined && !/^[A-Za-z]{2}$/.test(criteria.state)) errors.push(NPPES_ERRORS.invalidState());
  if (present.length > 0 && present.every((name) => NEVER_ALONE.includes(name))) {
    const alone = NEVER_ALONE.find((name) => criteria[name] !== undefined);
    if (alone) errors.push(NPPES_ERRORS.notAlone(alone));
  }
  for (const name of WILDCARD_FIELDS) {
    const value = criteria[name];
    if (value?.endsWith('*') && value.slice(0, -1).replace(/\*/g, '').length < 2) errors.push(NPPES_ERRORS.shortWildcard(name));
  }
  const purposeText = params.get('address_purpose')?.trim().toUpperCase() || null;
  const addressPurpose = purposeText as AddressPurpose | null;
  if (purposeText && !['LOCATION', 'MAILING', 'PRIMARY', 'SECONDARY'].includes(purposeText)) {
    errors.push(NPPES_ERRORS.invalidAddressPurpose());
  }
  const limit = integerParam(params.get('limit'), DEFAULT_LIMIT, 1, MAX_LIMIT);
  if (limit === null) errors.push(NPPES_ERRORS.invalidLimit());
  const skip = integerParam(params.get('skip'), 0, 0, MAX_SKIP);
  if (skip === null) errors.push(NPPES_ERRORS.invalidSkip());

  if (errors.length > 0 || limit === null || skip === null) return { ok: false, errors };
  return { ok: true, query: { criteria, addressPurpose, limit, skip } };
}

/** Case-insensitive equality, or a prefix match when the pattern ends with `*`. */
export function matchesPattern(value: string | undefined, pattern: string): boolean {
  if (value === undefined) return false;
  const wanted = pattern.toUpperCase();
  const actual = value.toUpperCase();
  return wanted.endsWith('*') ? actual.startsWith(wanted.replace(/\*+$/, '')) : actual === wanted;
}

function postalMatches(value: string, pattern: string): boolean {
  const wanted = pattern.replace(/-/g, '');
  if (wanted.endsWith('*')) return value.startsWith(wanted.replace(/\*+$/, ''));
  return wanted.length === 5 ? value.slice(0, 5) === wanted : value === wanted;
}

function addressesFor(result: NppesResult, purpose: AddressPurpose | null): NppesAddress[] {
  const location = result.addresses.filter((a) => a.address_purpose === 'LOCATION');
  switch (purpose) {
    case 'LOCATION': return [...location, ...result.practiceLocations];
    case 'PRIMARY': return location;
    case 'SECONDARY': return result.practiceLocations;
    case 'MAILING': return result.addresses.filter((a) => a.address_purpose === 'MAILING');
    default: return [...result.addresses, ...result.practiceLocations];
  }
}

/** True when one record satisfies every criterion of the query. */
export function matchesNppesQuery(result: NppesResult, query: NppesQuery): boolean {
  const c = query.criteria;
  if (c.number !== undefined && result.number !== c.number) return false;
  if (c.enumeration_type !== undefined && result.enumeration_type !== c.enumeration_type.toUpperCase()) return false;
  if (c.first_name !== undefined || c.last_name !== undefined) {
    if (result.enumeration_type !== 'NPI-1') return false;
    if (c.first_name !== undefined && !matchesPattern(result.basic.first_name, c.first_name)) return false;
    if (c.last_name !== undefined && !matchesPattern(result.basic.last_name, c.last_name)) return false;
  }
  if (c.organization_name !== undefined) {
    if (result.enumeration_type !== 'NPI-2') return false;
    const names = [result.basic.organization_name, ...result.other_names.map((o) => o.organization_name)];
    if (!names.some((name) => matchesPattern(name, c.organization_name as string))) return false;
  }
  if (c.taxonomy_description !== undefined) {
    const wanted = c.taxonomy_description.replace(/\*+$/, '').toUpperCase();
    if (!result.taxonomies.some((t) => t.desc.toUpperCase().includes(wanted))) return false;
  }
  if (c.city !== undefined || c.state !== undefined || c.postal_code !== undefined || c.country_code !== undefined) {
    const fits = addressesFor(result, query.addressPurpose).some(
      (a) =>
        (c.city === undefined || matchesPattern(a.city, c.city)) &&
        (c.state === undefined || a.state === c.state.toUpperCase()) &&
        (c.postal_code === undefined || postalMatches(a.postal_code, c.postal_code)) &&
        (c.country_code === undefined || a.country_code === c.country_code.toUpperCase()),
    );
    if (!fits) return false;
  }
  return true;
}

/** The answer for a valid query: result_count is the size of this page, as on the live API. */
export function searchNppes(results: readonly NppesResult[], query: NppesQuery): NppesSearchAnswer {
  const page = results.filter((r) => matchesNppesQuery(r, query)).slice(query.skip, query.skip + query.limit);
  return { result_count: page.length, results: page };
}
