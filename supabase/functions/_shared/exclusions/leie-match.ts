// The matching rules of OIG exclusion screening (issue 33), pure so the app, the functions
// and the tests apply the same ones:
// - an entry whose NPI is the provider's is an exclusion (basis `npi`, certain);
// - where the NPI is absent (the list's 0000000000, or a provider without one), an
//   individual's entry with the same last name and first name (letters only, accents,
//   apostrophes and hyphens ignored; the first word of the first name) in the provider's
//   practice state is a possible match (basis `name_state`) for a person to confirm; when
//   the provider's state is unknown the name alone makes it possible, and says so;
// - an entry with another NPI is another person; a reinstated entry (REINDATE passed) is
//   no longer in force.
import type { LeieEntry } from './leie-file.ts';

export interface ScreenedProvider {
  id: string;
  npi: string | null;
  first_name: string;
  last_name: string;
  /** Two-letter practice state (from the stored NPPES answer), when known. */
  state: string | null;
}

export type MatchBasis = 'npi' | 'name_state';

export interface LeieHit {
  entry: LeieEntry;
  basis: MatchBasis;
  /** For a name match: whether the provider's state was known (and agreed). */
  stateKnown: boolean;
}

/** Upper-case letters only: "O'Connor" and "OCONNOR", "José" and "JOSE" are the same name. */
export function nameKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

/** The first word of a first name ("Mary Ann" → "MARY"; LEIE keeps the middle name apart). */
export function firstNameKey(value: string): string {
  return nameKey(value.trim().split(/\s+/)[0] ?? '');
}

export function inForce(entry: Pick<LeieEntry, 'rein_date'>, today: string): boolean {
  return entry.rein_date === null || entry.rein_date > today;
}

export function matchProvider(provider: ScreenedProvider, entries: readonly LeieEntry[], today: string): LeieHit[] {
  const npi = provider.npi?.trim() || null;
  const last = nameKey(provider.last_name);
  const first = firstNameKey(provider.first_name);
  const state = provider.state?.trim().toUpperCase() || null;
  const hits: LeieHit[] = [];
  for (const entry of entries) {
    if (!inForce(entry, today)) continue;
    if (npi && entry.npi === npi) {
      hits.push({ entry, basis: 'npi', stateKnown: state !== null });
      continue;
    }
    if (entry.npi && npi) continue; // both known and different: another person
    if (entry.bus_name && !entry.last_name) continue; // an entity, not a person
    if (!last || !first || nameKey(entry.last_name) !== last || firstNameKey(entry.first_name) !== first) continue;
    if (state && entry.state && entry.state !== state) continue;
    hits.push({ entry, basis: 'name_state', stateKnown: state !== null });
  }
  return hits;
}

/**
 * The provider's state from its stored NPPES answer: the practice location's (addresses[]
 * LOCATION, else PRIMARY), else the primary taxonomy's license state (what staff type in
 * for a provider without registry data).
 */
export function practiceState(nppesData: unknown): string | null {
  const data = typeof nppesData === 'string' ? safeParse(nppesData) : nppesData;
  const record = isRecord(data) && Array.isArray(data.results) ? data.results[0] : data;
  if (!isRecord(record)) return null;
  const addresses = Array.isArray(record.addresses) ? record.addresses : [];
  const location = addresses.find((a) => isRecord(a) && (a.address_purpose === 'LOCATION' || a.address_purpose === 'PRIMARY'));
  const taxonomies = Array.isArray(record.taxonomies) ? record.taxonomies : [];
  const primary = taxonomies.find((t) => isRecord(t) && t.primary === true);
  return twoLetters(isRecord(location) ? location.state : null) ?? twoLetters(isRecord(primary) ? primary.state : null);
}

function twoLetters(value: unknown): string | null {
  const state = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(state) ? state : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
