// The matching rules of OIG exclusion screening (issue 33), pure so the app, the functions
// and the tests apply the same ones, to providers and to organizations alike:
// - an entry whose NPI is the record's is an exclusion (basis `npi`, certain);
// - where the NPI is absent (the list's 0000000000, or a record without one), an entry
//   with the same name in the record's state is a possible match (basis `name_state`) for
//   a person to confirm; when the record's state is unknown the name alone makes it
//   possible, and says so. A provider's name is an individual's last and first name
//   (letters only, accents, apostrophes and hyphens ignored; the first word of the first
//   name); an organization's is its legal or DBA name against the entry's BUSNAME, both
//   read by `businessNameKey` (case, punctuation, "&", a leading "The" and a trailing legal
//   form such as "Inc", "L.L.C." or "Corp." ignored);
// - an entry with another NPI is another person or business; a reinstated entry (REINDATE
//   passed) is no longer in force.
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

export interface ScreenedOrganization {
  id: string;
  npi: string | null;
  /** Its legal name and DBA name (either may be what the list says). */
  names: ReadonlyArray<string | null>;
  /** Two-letter state of its practice (or billing) address, when known. */
  state: string | null;
}

/** Words that end a business name and say only its legal form. */
const LEGAL_FORMS = new Set(['INC', 'INCORPORATED', 'LLC', 'LLP', 'LP', 'LTD', 'LIMITED', 'CORP', 'CORPORATION', 'CO', 'COMPANY', 'PC', 'PA', 'PLLC', 'PLC']);

/**
 * A business name as the matching compares it: upper-case words of letters and digits, "&"
 * read as AND, dots and apostrophes dropped (L.L.C. → LLC), other punctuation a space, a
 * leading THE and trailing legal forms left out: "Smith Medical Supply, Inc." and "SMITH
 * MEDICAL SUPPLY INC" are both "SMITH MEDICAL SUPPLY".
 */
export function businessNameKey(value: string | null | undefined): string {
  const words = (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[.'\u2019]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  if (words[0] === 'THE' && words.length > 1) words.shift();
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/** The rule both kinds of record share; `sameName` says whether an entry names this record. */
function matchRecord(npiValue: string | null, stateValue: string | null, entries: readonly LeieEntry[], today: string, sameName: (entry: LeieEntry) => boolean): LeieHit[] {
  const npi = npiValue?.trim() || null;
  const state = stateValue?.trim().toUpperCase() || null;
  const hits: LeieHit[] = [];
  for (const entry of entries) {
    if (!inForce(entry, today)) continue;
    if (npi && entry.npi === npi) {
      hits.push({ entry, basis: 'npi', stateKnown: state !== null });
      continue;
    }
    if (entry.npi && npi) continue; // both known and different: another person or business
    if (!sameName(entry)) continue;
    if (state && entry.state && entry.state !== state) continue;
    hits.push({ entry, basis: 'name_state', stateKnown: state !== null });
  }
  return hits;
}

export function matchProvider(provider: ScreenedProvider, entries: readonly LeieEntry[], today: string): LeieHit[] {
  const last = nameKey(provider.last_name);
  const first = firstNameKey(provider.first_name);
  return matchRecord(provider.npi, provider.state, entries, today, (entry) => {
    if (entry.bus_name && !entry.last_name) return false; // an entity, not a person
    return !!last && !!first && nameKey(entry.last_name) === last && firstNameKey(entry.first_name) === first;
  });
}

export function matchOrganization(organization: ScreenedOrganization, entries: readonly LeieEntry[], today: string): LeieHit[] {
  const keys = new Set(organization.names.map(businessNameKey).filter(Boolean));
  return matchRecord(organization.npi, organization.state, entries, today, (entry) => !!entry.bus_name && keys.has(businessNameKey(entry.bus_name)));
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

/** An organization's state: its practice address's, else its billing address's, else its stored NPPES answer's. */
export function organizationState(row: { practice_address?: unknown; billing_address?: unknown; nppes_data?: unknown }): string | null {
  for (const value of [row.practice_address, row.billing_address]) {
    const address = typeof value === 'string' ? safeParse(value) : value;
    const state = isRecord(address) ? twoLetters(address.state) : null;
    if (state) return state;
  }
  return practiceState(row.nppes_data);
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
