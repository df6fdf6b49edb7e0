/**
 * Builds one synthetic registry record at a time, in the exact NPPES v2.1 result format
 * and the CMS dataset row formats, from a seeded PRNG plus whatever the caller pins down.
 * Used only by generate-fixtures.ts.
 */
import {
  FEMALE_FIRST, LAST_NAMES, MALE_FIRST, MIDDLE_INITIALS, OFFICIAL_TITLES, ORG_NAME_PARTS, PLACES,
  STREETS, SUITES, type Place, type TaxonomyInfo,
} from './generator-data.ts';
import type { Rng } from './prng.ts';
import type {
  NppesAddress, NppesEndpoint, NppesIdentifier, NppesIndividual, NppesOrganization, NppesTaxonomy,
  OrderReferringRow, PpefRow,
} from './types.ts';

const FIRST_ENUMERATION = Date.UTC(2005, 4, 23);
const LAST_ENUMERATION = Date.UTC(2022, 11, 31);
const LAST_UPDATE = Date.UTC(2025, 8, 30);
const DAY = 86_400_000;

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Enumeration and update dates, and the epochs NPPES derives from them. */
function registryDates(rng: Rng) {
  const enumerated = FIRST_ENUMERATION + rng.int(0, (LAST_ENUMERATION - FIRST_ENUMERATION) / DAY) * DAY;
  const updated = enumerated + rng.int(30, (LAST_UPDATE - enumerated) / DAY) * DAY;
  return {
    created_epoch: String(enumerated),
    last_updated_epoch: String(updated),
    enumeration_date: isoDate(enumerated),
    last_updated: isoDate(updated),
    certification_date: isoDate(updated),
  };
}

export function phone(rng: Rng, place: Place): string {
  return `${place.areaCode}-555-01${rng.digits(2)}`;
}

function postalCode(rng: Rng, place: Place): string {
  return rng.chance(0.4) ? `${place.zip}${rng.digits(4)}` : place.zip;
}

export function address(rng: Rng, place: Place, purpose: 'LOCATION' | 'MAILING'): NppesAddress {
  const poBox = purpose === 'MAILING' && rng.chance(0.3);
  const result: NppesAddress = {
    country_code: 'US',
    country_name: 'United States',
    address_purpose: purpose,
    address_type: 'DOM',
    address_1: poBox ? `PO BOX ${rng.int(10, 9999)}` : `${rng.int(1, 2500)} ${rng.pick(STREETS)}`,
    address_2: poBox ? '' : rng.pick(SUITES),
    city: place.city,
    state: place.state,
    postal_code: postalCode(rng, place),
    telephone_number: phone(rng, place),
  };
  if (purpose === 'LOCATION' || rng.chance(0.5)) result.fax_number = phone(rng, place);
  return result;
}

function license(rng: Rng, state: string): string {
  switch (state) {
    case 'NY': return rng.digits(6);
    case 'VT': return `042.00${rng.digits(5)}`;
    case 'PA': return `MD${rng.digits(6)}`;
    case 'NJ': return `25MA${rng.digits(8)}`;
    default: return rng.digits(5);
  }
}

export function taxonomy(rng: Rng, info: TaxonomyInfo, state: string, primary: boolean, individual: boolean): NppesTaxonomy {
  return {
    code: info.code,
    taxonomy_group: '',
    desc: info.desc,
    state,
    license: individual ? license(rng, state) : null,
    primary,
  };
}

function medicaidIdentifier(rng: Rng, state: string): NppesIdentifier {
  return { code: '05', desc: 'MEDICAID', issuer: '', identifier: `${rng.pick(['A', 'B', 'C', 'D'])}${rng.digits(5)}`, state };
}

function directEndpoint(name: string, location: NppesAddress): NppesEndpoint {
  return {
    endpointType: 'DIRECT',
    endpointTypeDescription: 'Direct Messaging Address',
    endpoint: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@direct.example-hie.org`,
    affiliation: 'N',
    use: 'DIRECT',
    useDescription: 'Direct',
    contentType: 'OTHER',
    contentTypeDescription: 'Other',
    country_code: 'US',
    country_name: 'United States',
    address_type: 'DOM',
    address_1: location.address_1,
    city: location.city,
    state: location.state,
    postal_code: location.postal_code,
  };
}

export interface IndividualOptions {
  number: string;
  first?: string;
  middle?: string;
  last?: string;
  sex?: 'F' | 'M';
  /** First entry is the primary taxonomy. */
  taxonomies: TaxonomyInfo[];
  place?: Place;
}

export function buildIndividual(rng: Rng, options: IndividualOptions): NppesIndividual {
  const sex = options.sex ?? (rng.chance(0.5) ? 'F' : 'M');
  const first = options.first ?? rng.pick(sex === 'F' ? FEMALE_FIRST : MALE_FIRST);
  const middle = options.middle ?? rng.pick(MIDDLE_INITIALS);
  const last = options.last ?? rng.pick(LAST_NAMES);
  const place = options.place ?? rng.pick(PLACES);
  const primary = options.taxonomies[0];
  if (!primary) throw new Error(`Individual ${options.number} needs a taxonomy`);
  const dates = registryDates(rng);
  const location = address(rng, place, 'LOCATION');
  const mailing = rng.chance(0.6) ? { ...location, address_purpose: 'MAILING' as const } : address(rng, place, 'MAILING');
  const practiceLocations = rng.chance(0.15) ? [address(rng, rng.pick(PLACES), 'LOCATION')] : [];
  const hadFormerName = sex === 'F' && rng.chance(0.15);
  return {
    created_epoch: dates.created_epoch,
    enumeration_type: 'NPI-1',
    last_updated_epoch: dates.last_updated_epoch,
    number: options.number,
    addresses: [location, mailing],
    practiceLocations,
    basic: {
      first_name: first,
      last_name: last,
      middle_name: middle,
      credential: rng.pick(primary.credentials),
      sole_proprietor: rng.chance(0.2) ? 'YES' : 'NO',
      sex,
      enumeration_date: dates.enumeration_date,
      last_updated: dates.last_updated,
      certification_date: dates.certification_date,
      status: 'A',
      name_prefix: primary.physician && rng.chance(0.5) ? 'Dr.' : '--',
      name_suffix: sex === 'M' && rng.chance(0.05) ? 'Jr.' : '--',
    },
    taxonomies: options.taxonomies.map((info, index) =>
      taxonomy(rng, info, index === 0 ? place.state : rng.pick(PLACES).state, index === 0, true),
    ),
    identifiers: rng.chance(0.3) ? [medicaidIdentifier(rng, place.state)] : [],
    endpoints: rng.chance(0.2) ? [directEndpoint(`${first} ${last}`, location)] : [],
    other_names: hadFormerName
      ? [{ type: 'Former Name', code: '1', first_name: first, last_name: rng.pick(LAST_NAMES), middle_name: middle, prefix: '--', suffix: '--', credential: '' }]
      : [],
  };
}

export interface OrganizationOptions {
  number: string;
  name?: string;
  taxonomy: TaxonomyInfo;
  place?: Place;
}

export function organizationName(rng: Rng): string {
  const { prefixes, kinds, suffixes } = ORG_NAME_PARTS;
  return `${rng.pick(prefixes)} ${rng.pick(kinds)} ${rng.pick(suffixes)}`;
}

export function buildOrganization(rng: Rng, options: OrganizationOptions): NppesOrganization {
  const place = options.place ?? rng.pick(PLACES);
  const name = options.name ?? organizationName(rng);
  const dates = registryDates(rng);
  const location = address(rng, place, 'LOCATION');
  const sex = rng.chance(0.5);
  return {
    created_epoch: dates.created_epoch,
    enumeration_type: 'NPI-2',
    last_updated_epoch: dates.last_updated_epoch,
    number: options.number,
    addresses: [location, address(rng, place, 'MAILING')],
    practiceLocations: [],
    basic: {
      organization_name: name,
      organizational_subpart: 'NO',
      enumeration_date: dates.enumeration_date,
      last_updated: dates.last_updated,
      certification_date: dates.certification_date,
      status: 'A',
      authorized_official_first_name: rng.pick(sex ? FEMALE_FIRST : MALE_FIRST),
      authorized_official_last_name: rng.pick(LAST_NAMES),
      authorized_official_middle_name: rng.pick(MIDDLE_INITIALS),
      authorized_official_telephone_number: phone(rng, place).replace(/-/g, ''),
      authorized_official_title_or_position: rng.pick(OFFICIAL_TITLES),
      authorized_official_name_prefix: '--',
      authorized_official_name_suffix: '--',
      authorized_official_credential: rng.pick(['', 'MD', 'MBA', 'MHA']),
    },
    taxonomies: [taxonomy(rng, options.taxonomy, place.state, true, false)],
    identifiers: [],
    endpoints: rng.chance(0.3) ? [directEndpoint(name, location)] : [],
    other_names: rng.chance(0.25) ? [{ organization_name: name.replace(/ (PLLC|PC|LLC|INC|LLP)$/, ''), type: 'Doing Business As', code: '3' }] : [],
  };
}

/** One PPEF enrollment row for a record, in the given state. */
export function ppefRow(rng: Rng, record: NppesIndividual | NppesOrganization, info: TaxonomyInfo, state: string): PpefRow {
  const individual = record.enumeration_type === 'NPI-1';
  const enrolled = isoDate(Number(record.created_epoch) + rng.int(30, 900) * DAY).replace(/-/g, '');
  return {
    NPI: record.number,
    MULTIPLE_NPI_FLAG: 'N',
    PECOS_ASCT_CNTL_ID: rng.digits(10),
    ENRLMT_ID: `${individual ? 'I' : 'O'}${enrolled}${rng.digits(6)}`,
    PROVIDER_TYPE_CD: info.cmsType[0],
    PROVIDER_TYPE_DESC: info.cmsType[1],
    STATE_CD: state,
    FIRST_NAME: individual ? record.basic.first_name : '',
    MDL_NAME: individual ? record.basic.middle_name : '',
    LAST_NAME: individual ? record.basic.last_name : '',
    ORG_NAME: individual ? '' : record.basic.organization_name,
  };
}

export function orderReferringRow(record: NppesIndividual, flags: Partial<Omit<OrderReferringRow, 'NPI' | 'LAST_NAME' | 'FIRST_NAME'>> = {}): OrderReferringRow {
  return {
    NPI: record.number,
    LAST_NAME: record.basic.last_name,
    FIRST_NAME: record.basic.first_name,
    PARTB: 'Y',
    DME: 'Y',
    HHA: 'Y',
    PMD: 'Y',
    HOSPICE: 'Y',
    ...flags,
  };
}
