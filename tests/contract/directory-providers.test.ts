/**
 * `directory_providers` and `directory_organizations` (issue 28): a provider list's page from the server while a device's
 * own copy is still downloading. It must answer exactly as the local list would (the same
 * rows, matched by the same haystack rule, in the same order), so the answers are compared
 * with the app's own provider index (src/features/providers/model/search-text.ts) on names
 * chosen to tell the rules apart: accents, case, typographic apostrophes, a whole name typed,
 * the NPI, the scopes. Security invoker: RLS applies, tested from the refused side. Rows
 * carry a unique tag, so the checks hold on a shared database too.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchIndex } from '../../src/lib/list/search-index.ts';
import { providerIndexSpec, searchKey, type ProviderSearchScope } from '../../src/features/providers/model/search-text.ts';
import { PROVIDER_PAGE_FUNCTION } from '../../src/features/providers/data/provider-remote-query.ts';
import { pageArguments } from '../../src/lib/list/rpc-page-query.ts';
import { anonClient, serviceClient, signedInUser, staffUser, userWithRole, type Client } from '../helpers/clients.ts';
import { ORGANIZATION_PAGE_FUNCTION, organizationListDefinition, slimOrganization } from '../../src/features/organizations/data/organization-list-definition.ts';
import { expectOk, organizationRow, providerRow, randomNpi, seedRows, type Row } from './directory-helpers.ts';

const tag = `dirq${randomUUID().slice(0, 6)}`;
const npiOfOkafor = randomNpi();
// Last names all carry the tag (so a search for it is this file's rows only); the rest is what the rules must agree on.
const people: Row[] = [
  { first_name: 'Samuel', last_name: `Okafor ${tag}`, npi: npiOfOkafor },
  { first_name: 'José', last_name: `Álvarez ${tag}`, npi: randomNpi() },
  { first_name: 'jose', last_name: `alvarez ${tag}`, npi: null },
  { first_name: 'Siobhán', last_name: `O’Brien ${tag}`, npi: randomNpi() },
  { first_name: 'Mary', last_name: `O'Brien ${tag}`, npi: null },
  { first_name: 'Ada', last_name: `de la Cruz ${tag}`, npi: randomNpi() },
  { first_name: 'Ada', last_name: `De la Cruz ${tag}`, npi: randomNpi() },
  { first_name: 'Zoë', last_name: `Dean ${tag}`, npi: null },
  { first_name: 'Bo', last_name: `DeAngelo  ${tag}`, npi: randomNpi() },
  { first_name: 'Gone', last_name: `Deleted ${tag}`, npi: null, _deleted: true },
];
let rows: Row[];
let staff: Client;

/** The rows of this file the local list of a scope would show for a search, in its order. */
function expectedIds(scope: ProviderSearchScope, search: string): string[] {
  const index = new SearchIndex(providerIndexSpec<{ id: string; first_name: string | null; last_name: string | null; npi: string | null }>(scope), rows.filter((row) => row._deleted !== true) as never[]);
  // The tag narrows to this file's rows, as a search for it does on the server.
  return index.query(search).filter((row) => (row.last_name ?? '').includes(tag)).map((row) => row.id);
}

async function page(client: Client, scope: ProviderSearchScope, search: string, offset = 0, limit = 1000) {
  return client.rpc(PROVIDER_PAGE_FUNCTION, pageArguments({ scope, search: searchKey(search), offset, limit }));
}

async function idsOf(client: Client, scope: ProviderSearchScope, search: string): Promise<string[]> {
  const answer = await page(client, scope, search);
  expectOk(answer, 200);
  return (answer.data as Row[]).filter((row) => String(row.last_name).includes(tag)).map((row) => row.id as string);
}

beforeAll(async () => {
  rows = await seedRows(
    'providers',
    people.map((person) => providerRow({ _deleted: false, ...person })),
  );
  staff = (await staffUser('dirq')).client;
});

describe('directory_providers answers as the local list would', () => {
  it('lists a scope in the list order: last name, first name, id, case- and accent-insensitive', async () => {
    for (const scope of ['all', 'healthcare', 'non_healthcare'] as const) {
      expect(await idsOf(staff, scope, tag)).toEqual(expectedIds(scope, tag));
    }
    expect(expectedIds('all', tag)).toHaveLength(9);
  });

  it('matches the same searches: accents, apostrophes, a whole name either way, the NPI (not on the non-healthcare list)', async () => {
    for (const search of ['jose', 'ÁLVAREZ', 'o’brien', "o'brien s", 'samuel okafor', `okafor ${tag}, samuel`, 'ada de la', 'zoe', npiOfOkafor.slice(2, 8), 'angelo  '] as const) {
      for (const scope of ['all', 'non_healthcare'] as const) {
        const server = (await idsOf(staff, scope, search)).filter((id) => expectedIds(scope, tag).includes(id));
        expect(server, `${scope}: "${search}"`).toEqual(expectedIds(scope, search));
      }
    }
    expect(expectedIds('all', 'jose')).toHaveLength(2);
    expect(expectedIds('all', npiOfOkafor.slice(2, 8))).toHaveLength(1);
    expect(expectedIds('non_healthcare', npiOfOkafor.slice(2, 8))).toHaveLength(0);
  });

  it('counts the matches and the scope, and pages by offset and limit', async () => {
    const first = await page(staff, 'all', tag, 0, 4);
    expectOk(first, 200);
    const second = await page(staff, 'all', tag, 4, 4);
    const firstRows = first.data as Row[];
    expect(firstRows).toHaveLength(4);
    expect(firstRows[0]!.match_count).toBe(9);
    expect(Number(firstRows[0]!.scope_count)).toBeGreaterThanOrEqual(9);
    expect([...firstRows, ...(second.data as Row[])].map((row) => row.id)).toEqual(expectedIds('all', tag).slice(0, 8));
  });

  it('returns the list columns only, the PECOS evidence reduced to the Medicare ordering answer', async () => {
    const checked = await seedRows('providers', [
      providerRow({ last_name: `Pecos ${tag}`, pecos_verification_data: { order_referring: { rows: [{ PARTB: 'Y', NPI: 'x' }] }, big: 'x'.repeat(200) } }),
    ]);
    const answer = await page(staff, 'all', `pecos ${tag}`);
    expectOk(answer, 200);
    const [row] = answer.data as Row[];
    expect(row!.id).toBe(checked[0]!.id);
    expect(row!.pecos_verification_data).toEqual({ npi: checked[0]!.npi, can_order_part_b: true });
    expect(Object.keys(row!).sort()).toEqual(
      [
        'id', 'first_name', 'last_name', 'credential', 'nickname', 'email', 'npi', 'taxonomy_description', 'is_active',
        'exclusion_status', 'pecos_verified', 'pecos_verification_date', 'pecos_verification_data', 'match_count', 'scope_count',
      ].sort(),
    );
  });

  it('refuses an unknown list', async () => {
    const answer = await staff.rpc(PROVIDER_PAGE_FUNCTION, { p_search: '', p_scope: 'everyone', p_limit: 5, p_offset: 0 });
    expect(answer.error?.code).toBe('22023');
    expect(answer.status).toBe(400);
  });
});

describe('directory_providers under RLS', () => {
  it('answers nothing to an account without a role, and refuses the anonymous key', async () => {
    const waiting = await signedInUser('dirq-norole');
    const answer = await page(waiting.client, 'all', tag);
    expectOk(answer, 200);
    expect(answer.data).toEqual([]);
    const anonymous = await page(anonClient(), 'all', tag);
    expect(anonymous.error).not.toBeNull();
    expect(anonymous.status).toBe(401);
  });

  it("shows a provider user only their own record", async () => {
    const own = rows[0]!;
    const user = await userWithRole('provider', 'dirq-provider');
    const link = await serviceClient().from('profiles').update({ provider_id: own.id }).eq('id', user.id);
    expect(link.error).toBeNull();
    expect(await idsOf(user.client, 'all', tag)).toEqual([own.id]);
  });
});

describe('directory_organizations answers as the local organization list would', () => {
  const orgTag = `dirorg${randomUUID().slice(0, 6)}`;
  let organizations: Row[];

  beforeAll(async () => {
    organizations = await seedRows('organizations', [
      organizationRow({ legal_name: `Zeta Clinic ${orgTag}`, type: 'healthcare' }),
      organizationRow({ legal_name: `älpha Care ${orgTag}`, dba_name: 'Sunrise Lab', practice_address: { line1: '1 Main St', city: 'Saratoga Springs', state: 'NY', zip: '12866' } }),
      organizationRow({ legal_name: `Alpha care ${orgTag}`, type: 'sole_proprietor' }),
      organizationRow({ legal_name: `Beta ${orgTag}`, dba_name: 'Saratoga Draw Station' }),
    ]);
  });

  function expectedOrganizations(scope: 'all' | 'healthcare' | 'non_healthcare' | 'sole_proprietor', search: string): string[] {
    const index = new SearchIndex(organizationListDefinition.index(scope), organizations.map((row) => slimOrganization(row as never)));
    return index.query(search).map((row) => row.id);
  }

  async function organizationIds(scope: 'all' | 'healthcare' | 'non_healthcare' | 'sole_proprietor', search: string): Promise<string[]> {
    const answer = await staff.rpc(ORGANIZATION_PAGE_FUNCTION, pageArguments({ scope, search: searchKey(search), offset: 0, limit: 1000 }));
    expectOk(answer, 200);
    const mine = new Set(organizations.map((row) => row.id));
    return (answer.data as Row[]).map((row) => row.id as string).filter((id) => mine.has(id));
  }

  it('lists and searches in the same order, by the same fields (legal name, DBA, NPI, account number, city)', async () => {
    for (const scope of ['all', 'non_healthcare', 'sole_proprietor'] as const) {
      for (const search of [orgTag, 'alpha', 'saratoga', 'sunrise', String(organizations[0]!.account_number).toLowerCase()]) {
        expect(await organizationIds(scope, search), `${scope}: "${search}"`).toEqual(expectedOrganizations(scope, search));
      }
    }
    expect(expectedOrganizations('all', 'saratoga')).toHaveLength(2);
    expect(expectedOrganizations('all', orgTag)).toHaveLength(4);
  });

  it('reduces the practice address to its city and state, as the list keeps it', async () => {
    const answer = await staff.rpc(ORGANIZATION_PAGE_FUNCTION, pageArguments({ scope: 'all', search: 'sunrise lab', offset: 0, limit: 5 }));
    expectOk(answer, 200);
    const row = (answer.data as Row[]).find((candidate) => candidate.id === organizations[1]!.id);
    expect(row).toMatchObject({ city: 'Saratoga Springs', state: 'NY', dba_name: 'Sunrise Lab' });
    expect(row).not.toHaveProperty('practice_address');
  });

  it('answers nothing to an account without a role', async () => {
    const waiting = await signedInUser('dirorg-norole');
    const answer = await waiting.client.rpc(ORGANIZATION_PAGE_FUNCTION, pageArguments({ scope: 'all', search: orgTag, offset: 0, limit: 5 }));
    expectOk(answer, 200);
    expect(answer.data).toEqual([]);
  });
});
