/**
 * The soak's oracle: every create and edit the clients made, and what each field must end
 * as. Fields are owned so that the merge rules of src/db/merge decide the outcome exactly:
 * - an owned field is edited only by its owning client (and set at creation), so its final
 *   value must be the owner's last write — two clients editing different fields of one row
 *   at once is a conflict the three-way merge must resolve keeping both edits;
 * - a shared field is edited by every client; when two change it concurrently the server's
 *   value wins (spec), so its final value must be some client's last write of it.
 * The unique keys of the schema (one preference per provider, one membership per provider
 * and organization, one delegate approval per provider and delegate) are respected by
 * letting only a provider's creator add its children, as the app's forms check first.
 */
import type { Doc, SoakTable } from './soak-protocol.ts';

export const SHARED = 'shared';
type Owner = number | typeof SHARED;

/** Editable fields of each table and who may edit them (client index or shared). */
export const EDITABLE: Record<Exclude<SoakTable, 'organizations'>, Record<string, Owner>> = {
  providers: { phone: 0, email: 1, nickname: 2, credential: SHARED },
  provider_organization_memberships: { is_active: SHARED },
  provider_preferences: { fax_number: 0, favorite_reports: 1, report_format: 2, in_app_notifications: SHARED },
  provider_delegate_approvals: { approval_type: 0, can_view_vip_patients: 1, is_active: 2 },
};

export type EditableTable = keyof typeof EDITABLE;

interface Write {
  client: number;
  value: unknown;
}

export interface RowRecord {
  table: EditableTable;
  id: string;
  creator: number;
  providerId: string;
  writes: Map<string, Write[]>;
}

export interface Mismatch {
  table: EditableTable;
  id: string;
  field: string;
  expected: unknown;
  actual: unknown;
}

export class SoakModel {
  readonly rows = new Map<string, RowRecord>();
  creates = 0;
  edits = 0;
  /** Children added per provider, to keep the schema's unique keys. */
  readonly childKeys = new Set<string>();

  record(table: EditableTable, id: string, creator: number, providerId: string, doc: Doc): void {
    const writes = new Map<string, Write[]>();
    for (const field of Object.keys(EDITABLE[table])) writes.set(field, [{ client: creator, value: doc[field] ?? null }]);
    this.rows.set(id, { table, id, creator, providerId, writes });
    this.creates += 1;
  }

  edit(id: string, client: number, fields: Doc): void {
    const row = this.rows.get(id);
    if (!row) throw new Error(`edit of an unknown row ${id}`);
    for (const [field, value] of Object.entries(fields)) row.writes.get(field)?.push({ client, value });
    this.edits += 1;
  }

  rowsOf(table: EditableTable): RowRecord[] {
    return [...this.rows.values()].filter((row) => row.table === table);
  }

  providersOf(client: number): RowRecord[] {
    return this.rowsOf('providers').filter((row) => row.creator === client);
  }

  /** The fields a client may edit in a table. */
  static fieldsFor(table: EditableTable, client: number): string[] {
    return Object.entries(EDITABLE[table])
      .filter(([, owner]) => owner === SHARED || owner === client)
      .map(([field]) => field);
  }

  /** What a field may end as: one value for an owned field, a set for a shared one. */
  allowed(row: RowRecord, field: string): unknown[] {
    const writes = row.writes.get(field) ?? [];
    const lastBy = new Map<number, unknown>();
    for (const write of writes) lastBy.set(write.client, write.value);
    const owner = EDITABLE[row.table][field];
    if (owner === undefined || owner === SHARED) return [...lastBy.values()];
    return [lastBy.has(owner) ? lastBy.get(owner) : writes[0]?.value];
  }

  /** Every field of every row whose final value (from `finalOf`) breaks the rules above. */
  check(finalOf: (row: RowRecord) => Doc | undefined, equal: (a: unknown, b: unknown) => boolean): { missing: string[]; mismatches: Mismatch[] } {
    const missing: string[] = [];
    const mismatches: Mismatch[] = [];
    for (const row of this.rows.values()) {
      const final = finalOf(row);
      if (!final) {
        missing.push(`${row.table}/${row.id}`);
        continue;
      }
      for (const field of row.writes.keys()) {
        const allowed = this.allowed(row, field);
        if (!allowed.some((value) => equal(value, final[field]))) {
          mismatches.push({ table: row.table, id: row.id, field, expected: allowed, actual: final[field] });
        }
      }
    }
    return { missing, mismatches };
  }
}
