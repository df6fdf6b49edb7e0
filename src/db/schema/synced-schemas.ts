/**
 * The RxDB JSON schemas of the synced collections, generated from the column descriptions
 * (tables/definitions.ts) so that they match the migrations exactly (a unit test parses
 * the CREATE TABLE statements and compares). Nullable columns keep null, as the server
 * does, so a record round-trips unchanged. Indexes serve the list pages (providers by
 * sort_name and by npi, organizations by sort_name, children by provider) and the
 * pending-changes count (local_dirty). A protected table's indexes must hold nothing that
 * identifies a person: the encrypting storage keeps indexed fields readable.
 */
import type { RxJsonSchema } from 'rxdb';
import type { ColumnSpec } from '../tables/columns.ts';
import { TABLE_COLUMNS, type SyncedTable } from '../tables/definitions.ts';
import { SORT_KEY_MAX_LENGTH, type LocalDocOfTable } from '../tables/local-docs.ts';

type JsonSchemaProperty = Record<string, unknown>;

const UUID_LENGTH = 36;

function propertyOf(spec: ColumnSpec): JsonSchemaProperty {
  const withNull = (type: string): string | string[] => (spec.nullable ? [type, 'null'] : type);
  switch (spec.type) {
    case 'uuid':
      return { type: withNull('string'), maxLength: UUID_LENGTH };
    case 'boolean':
      return { type: withNull('boolean') };
    case 'integer':
      return { type: withNull('integer') };
    case 'numeric':
      return { type: withNull('number') };
    case 'text[]':
      return { type: withNull('array'), items: { type: 'string' } };
    case 'jsonb':
      // Any JSON value (no `type`): normally an object, but kept verbatim whatever the
      // server holds. Strict validators refuse a union of every JSON type.
      return { description: 'jsonb' };
    case 'timestamptz':
    case 'date':
    case 'text':
      return { type: withNull('string') };
  }
}

const EXTRA_PROPERTIES: { readonly [T in SyncedTable]: Record<string, JsonSchemaProperty> } = {
  // `type` is indexed (with sort_name) for the type filters' first page: an indexed string needs a maxLength.
  organizations: { sort_name: { type: 'string', maxLength: SORT_KEY_MAX_LENGTH }, type: { type: 'string', maxLength: 32 } },
  providers: {
    sort_name: { type: 'string', maxLength: SORT_KEY_MAX_LENGTH },
    npi_key: { type: 'string', maxLength: 16 },
  },
  profiles: {},
  user_roles: {},
  provider_organization_memberships: {},
  provider_preferences: {},
  provider_delegate_approvals: {},
  pickup_requests: {},
  alerts: {},
  patients: {},
  orders: {},
  results: {},
};

/**
 * The version of each collection's schema. Bump it when a migration adds columns to the
 * table: RxDB then migrates the stored documents with `additiveMigration` (database.ts),
 * which fills the new columns with their defaults; the next pull brings the server's values.
 */
export const SCHEMA_VERSIONS: { readonly [T in SyncedTable]: number } = {
  // 1: the client-account columns of issue 24 and the (type, sort_name) index.
  // 2: favorite_tests (issue 31). 3: the exclusion screening columns (issue 33).
  organizations: 3,
  // 1: the exclusion screening columns of issue 33. 2: favorite_tests (issue 31).
  providers: 2,
  profiles: 2,
  user_roles: 0,
  provider_organization_memberships: 0,
  provider_preferences: 0,
  provider_delegate_approvals: 0,
  pickup_requests: 0,
  alerts: 0,
  patients: 0,
  // 1: the laboratory delivery columns of issue 32 (lis_delivery, lis_error, lis_resend_at).
  // 2: standing orders (standing, standing_parent_id, …: 20261128300000_standing_orders.sql).
  orders: 2,
  results: 0,
};

const INDEXES: { readonly [T in SyncedTable]: Array<string | string[]> } = {
  organizations: ['sort_name', ['type', 'sort_name'], 'local_dirty'],
  providers: ['sort_name', 'npi_key', 'local_dirty'],
  profiles: ['local_dirty'],
  user_roles: ['user_id', 'local_dirty'],
  provider_organization_memberships: ['provider_id', 'organization_id', 'local_dirty'],
  provider_preferences: ['provider_id', 'local_dirty'],
  provider_delegate_approvals: ['provider_id', 'local_dirty'],
  pickup_requests: ['organization_id', 'local_dirty'],
  // provider_id is nullable (an index cannot hold null): the few alerts are filtered in a scan.
  alerts: ['local_dirty'],
  // Only fields that identify nobody: indexed fields stay readable in IndexedDB (src/db/protected).
  patients: ['local_dirty'],
  // Nothing identifying, not even the patient's id or the status: orders are read whole.
  orders: ['local_dirty'],
  // Like orders: read whole after unlock, nothing identifying in an index.
  results: ['local_dirty'],
};

export function syncedSchema<T extends SyncedTable>(table: T): RxJsonSchema<LocalDocOfTable[T]> {
  const columns: Readonly<Record<string, ColumnSpec>> = TABLE_COLUMNS[table];
  const properties: Record<string, JsonSchemaProperty> = {};
  for (const [name, spec] of Object.entries(columns)) properties[name] = propertyOf(spec);
  properties.server_modified = { type: ['string', 'null'] };
  properties.local_dirty = { type: 'boolean' };
  Object.assign(properties, EXTRA_PROPERTIES[table]);
  const schema = {
    title: table,
    description: `Local copy of public.${table} (server _modified as server_modified; _deleted is RxDB's flag).`,
    version: SCHEMA_VERSIONS[table],
    primaryKey: 'id',
    type: 'object',
    properties,
    required: Object.keys(properties),
    indexes: INDEXES[table],
    additionalProperties: false,
  };
  // The object is built from the same column list the document type is derived from.
  return schema as unknown as RxJsonSchema<LocalDocOfTable[T]>;
}
