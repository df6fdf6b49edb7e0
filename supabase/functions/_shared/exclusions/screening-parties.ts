// What the OIG exclusion screening screens: providers and organizations (issue 33). Each
// kind says where its records live (table, the column of exclusion_matches and alerts
// that names one), which columns the screening reads, how a record meets the list (its
// NPI, its name keys for the candidate query, the matching rule of leie-match.ts) and
// how its staff-facing messages name it. The store and the functions work through these
// descriptions only, so both kinds follow exactly the same steps.
import type { LeieEntry } from './leie-file.ts';
import { businessNameKey, matchOrganization, matchProvider, nameKey, organizationState, practiceState, type LeieHit } from './leie-match.ts';
import type { PartyKind } from './screening-plan.ts';

/** A record as the screening sees it. */
export interface ScreenedRecord {
  id: string;
  npi: string | null;
  /** Last-name keys (leie_entries.name_key) of entries that may name it. */
  nameKeys: string[];
  /** Business-name keys (leie_entries.bus_name_key) of entries that may name it. */
  businessNameKeys: string[];
  match(entries: readonly LeieEntry[], today: string): LeieHit[];
}

export interface ScreeningParty<Row extends { id: string } = { id: string }> {
  kind: PartyKind;
  table: 'providers' | 'organizations';
  /** The column of exclusion_matches and alerts that names the record. */
  idColumn: 'provider_id' | 'organization_id';
  columns: string;
  notFound: string;
  screened(row: Row): ScreenedRecord;
}

export interface ProviderRow {
  id: string;
  npi: string | null;
  first_name: string;
  last_name: string;
  nppes_data: unknown;
}

export interface OrganizationRow {
  id: string;
  npi: string | null;
  legal_name: string;
  dba_name: string | null;
  practice_address: unknown;
  billing_address: unknown;
  nppes_data: unknown;
}

export const PROVIDERS: ScreeningParty<ProviderRow> = {
  kind: 'provider',
  table: 'providers',
  idColumn: 'provider_id',
  columns: 'id, npi, first_name, last_name, nppes_data',
  notFound: 'This provider does not exist.',
  screened(row) {
    const provider = { id: row.id, npi: row.npi, first_name: row.first_name, last_name: row.last_name, state: practiceState(row.nppes_data) };
    return { id: row.id, npi: row.npi, nameKeys: [nameKey(row.last_name)], businessNameKeys: [], match: (entries, today) => matchProvider(provider, entries, today) };
  },
};

export const ORGANIZATIONS: ScreeningParty<OrganizationRow> = {
  kind: 'organization',
  table: 'organizations',
  idColumn: 'organization_id',
  columns: 'id, npi, legal_name, dba_name, practice_address, billing_address, nppes_data',
  notFound: 'This organization does not exist.',
  screened(row) {
    const organization = { id: row.id, npi: row.npi, names: [row.legal_name, row.dba_name], state: organizationState(row) };
    return {
      id: row.id,
      npi: row.npi,
      nameKeys: [],
      businessNameKeys: organization.names.map(businessNameKey).filter(Boolean),
      match: (entries, today) => matchOrganization(organization, entries, today),
    };
  },
};

/** The kind of record a match or an alert is about. */
export function partyOf(row: { organization_id?: string | null }): ScreeningParty<ProviderRow> | ScreeningParty<OrganizationRow> {
  return row.organization_id ? ORGANIZATIONS : PROVIDERS;
}
