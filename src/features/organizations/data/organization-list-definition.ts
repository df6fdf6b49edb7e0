/**
 * The organization lists as the shared list machinery sees them (src/lib/list): one scope
 * per organization type plus all, sorted by legal name, searched by legal name, DBA name,
 * NPI, account number and city; the first page from the `sort_name` index (a type's from
 * the (type, sort_name) index). A row keeps what the list shows: the practice address is
 * reduced to its city and state.
 */
import type { OrganizationDoc } from '../../../db/index.ts';
import type { ListDefinition } from '../../../lib/list/list-definition.ts';
import { rpcPageQuery } from '../../../lib/list/rpc-page-query.ts';
import { textIndexSpec } from '../../../lib/list/text-index-spec.ts';
import { addressOf } from '../../../lib/organization/organization-record.ts';
import type { OrganizationScope } from '../model/organization-texts.ts';

export interface ListOrganization {
  id: string;
  legal_name: string;
  dba_name: string | null;
  type: string;
  npi: string | null;
  account_number: string | null;
  is_active: boolean;
  city: string | null;
  state: string | null;
  /** The OIG screening's outcome: 'excluded' shows in the status column (issue 33). */
  exclusion_status?: string | null;
}

/** A document (or an already slim row) reduced to what the list shows. */
export function slimOrganization(row: ListOrganization | Readonly<OrganizationDoc>): ListOrganization {
  const address = 'practice_address' in row ? addressOf(row.practice_address) : null;
  return {
    id: row.id,
    legal_name: row.legal_name,
    dba_name: row.dba_name ?? null,
    type: row.type,
    npi: row.npi ?? null,
    account_number: row.account_number ?? null,
    is_active: row.is_active,
    city: address ? address.city : 'city' in row ? row.city : null,
    state: address ? address.state : 'state' in row ? row.state : null,
    exclusion_status: row.exclusion_status ?? null,
  };
}

export const ORGANIZATION_PAGE_FUNCTION = 'directory_organizations';

export const organizationListDefinition: ListDefinition<ListOrganization, OrganizationScope> = {
  name: 'organizations',
  scopes: ['all', 'healthcare', 'non_healthcare', 'sole_proprietor'],
  index: (scope) =>
    textIndexSpec<ListOrganization>({
      includes: scope === 'all' ? undefined : (row) => row.type === scope,
      sortText: (row) => [row.legal_name],
      searchText: (row) => [row.legal_name, row.dba_name, row.npi, row.account_number, row.city],
    }),
  slim: slimOrganization,
  database: { collection: 'organizations', firstPage: { sortField: 'sort_name', selector: (scope) => (scope === 'all' ? {} : { type: scope }) } },
  // While this device's first download runs, the pages and the search come from the server
  // (migration 20261201150000: the same order and search rule, under the caller's RLS).
  remote: rpcPageQuery<ListOrganization, OrganizationScope>(ORGANIZATION_PAGE_FUNCTION, (row) => slimOrganization(row as unknown as ListOrganization)),
};
