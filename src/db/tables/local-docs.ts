/**
 * What a synced row looks like in the browser. RxDB reserves leading underscores, so the
 * server's `_modified` is kept as `server_modified` (null until the server has the row),
 * while the server's `_deleted` is RxDB's own deletion flag. A few local-only fields are
 * added for the list pages and the sync status and never leave the browser:
 * - `local_dirty`: the record has local changes the server has not acknowledged yet
 *   (indexed, so the pending-changes count is one index lookup);
 * - `sort_name`: a lowercase, accent-free sort key (providers by last name, organizations
 *   by legal name), so lists paint their first rows from a limited indexed query;
 * - `npi_key`: the NPI or '' (indexes cannot hold null).
 */
import type {
  AlertRow,
  DelegateRow,
  MembershipRow,
  OrganizationRow,
  PickupRequestRow,
  PatientRow,
  OrderRow,
  ResultRow,
  PreferenceRow,
  ProfileRow,
  ProviderRow,
  SyncedTable,
  UserRoleRow,
} from './definitions.ts';

export interface SyncFields {
  server_modified: string | null;
  local_dirty: boolean;
}

export type OrganizationDoc = OrganizationRow & SyncFields & { sort_name: string };
export type ProviderDoc = ProviderRow & SyncFields & { sort_name: string; npi_key: string };
export type ProfileDoc = ProfileRow & SyncFields;
export type UserRoleDoc = UserRoleRow & SyncFields;
export type MembershipDoc = MembershipRow & SyncFields;
export type PreferenceDoc = PreferenceRow & SyncFields;
export type DelegateDoc = DelegateRow & SyncFields;
export type PickupRequestDoc = PickupRequestRow & SyncFields;
export type AlertDoc = AlertRow & SyncFields;
/** No sort key: every field but the id and the flags is encrypted at rest (src/db/protected). */
export type PatientDoc = PatientRow & SyncFields;
export type OrderDoc = OrderRow & SyncFields;
export type ResultDoc = ResultRow & SyncFields;

export interface LocalDocOfTable {
  organizations: OrganizationDoc;
  providers: ProviderDoc;
  profiles: ProfileDoc;
  user_roles: UserRoleDoc;
  provider_organization_memberships: MembershipDoc;
  provider_preferences: PreferenceDoc;
  provider_delegate_approvals: DelegateDoc;
  pickup_requests: PickupRequestDoc;
  alerts: AlertDoc;
  patients: PatientDoc;
  orders: OrderDoc;
  results: ResultDoc;
}

/** Any synced document, as the generic replication code sees it. */
export type AnyLocalDoc = LocalDocOfTable[SyncedTable];

/** Fields that exist only in the browser: never pushed, never compared, never merged. */
export const LOCAL_ONLY_FIELDS: ReadonlySet<string> = new Set(['local_dirty', 'sort_name', 'npi_key']);

/** Sort keys are capped so they fit an index (RxDB needs a maxLength on indexed strings). */
export const SORT_KEY_MAX_LENGTH = 256;

export function sortKey(...parts: Array<string | null | undefined>): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .slice(0, SORT_KEY_MAX_LENGTH);
}

/** The derived local-only fields of a record, computed from its columns. */
export function derivedFields(table: SyncedTable, doc: Record<string, unknown>): Record<string, string> {
  const text = (key: string): string | null => (typeof doc[key] === 'string' ? (doc[key] as string) : null);
  switch (table) {
    case 'providers':
      return { sort_name: sortKey(text('last_name'), text('first_name')), npi_key: text('npi') ?? '' };
    case 'organizations':
      return { sort_name: sortKey(text('legal_name')) };
    default:
      return {};
  }
}
