/**
 * RxDB's conflict handler for a synced collection. Equality ignores the local-only fields
 * and compares values by meaning. A conflict reported by sync_push is resolved with the
 * field-level three-way merge (merge/three-way-merge.ts), and the user is told which of
 * their changes were replaced; a row the server refused is reset to the server's version
 * (the push handler already told the user why).
 */
import type { RxConflictHandler } from 'rxdb';
import type { SyncNotice } from '../../stores/sync-store.ts';
import { fieldsOf } from '../mapping/row-mapping.ts';
import { docsEqual } from '../merge/docs-equal.ts';
import { threeWayMerge } from '../merge/three-way-merge.ts';
import { compareTimestamps } from '../merge/values-equal.ts';
import { TABLE_COLUMNS, type SyncedTable } from '../tables/definitions.ts';
import { derivedFields, type LocalDocOfTable } from '../tables/local-docs.ts';
import { conflictNotice, describeRecord, type RecordLookup } from './notices.ts';
import type { RejectionRegistry } from './rejections.ts';
import type { EditBases } from './edit-bases.ts';
import type { UnacknowledgedPushes } from './unacknowledged-pushes.ts';

export interface ConflictDeps {
  rejections: RejectionRegistry;
  /** States pushed without an answer: the server may hold them (see unacknowledged-pushes.ts). */
  unacknowledged?: UnacknowledgedPushes;
  /** The states local edits started from, kept by the app (see edit-bases.ts). */
  editBases?: Pick<EditBases, 'baseFor'>;
  lookup: RecordLookup;
  notify(message: string, kind: SyncNotice['kind']): void;
}

/**
 * The server state a local version was edited from: RxDB's assumed master state. Where RxDB
 * has none for a record it downloaded (the page closed after the download was written and
 * before RxDB recorded it), the record's state before its first local change, as the app
 * kept it (edit-bases.ts), provided the local copy still carries that version's server
 * stamp. Failing that, the server's current row when it is still the version the local copy
 * came down as: the server stamps every version with a new `_modified`. Without a base every
 * field the user edited would count as changed on both sides and lose to the server's value.
 */
async function baseOf<T extends SyncedTable>(
  table: T,
  deps: ConflictDeps,
  assumed: object | undefined,
  local: object,
  server: object,
): Promise<Record<string, unknown> | null> {
  if (assumed) return fieldsOf(assumed);
  const editedFrom = fieldsOf(local).server_modified;
  const kept = await deps.editBases?.baseFor(table, String(fieldsOf(local).id), editedFrom);
  if (kept) return kept;
  const current = fieldsOf(server).server_modified;
  const sameVersion = typeof editedFrom === 'string' && typeof current === 'string' && compareTimestamps(editedFrom, current) === 0;
  return sameVersion ? fieldsOf(server) : null;
}

export function createConflictHandler<T extends SyncedTable>(table: T, deps: ConflictDeps): RxConflictHandler<LocalDocOfTable[T]> {
  const columns = TABLE_COLUMNS[table];
  return {
    isEqual: (a, b) => docsEqual(a, b, columns),
    async resolve({ newDocumentState, assumedMasterState, realMasterState }) {
      const id = String(realMasterState.id);
      if (deps.rejections.take(table, id)) return { ...realMasterState, local_dirty: false };
      const base = await baseOf(table, deps, assumedMasterState, newDocumentState, realMasterState);
      const unacknowledged = deps.unacknowledged?.statesOf(table, id, base) ?? [];
      const { merged, overwrittenFields } = threeWayMerge({
        columns,
        base,
        local: fieldsOf(newDocumentState),
        server: fieldsOf(realMasterState),
        unacknowledged,
      });
      Object.assign(merged, derivedFields(table, merged));
      // Still dirty when the merge kept local changes the server does not have yet.
      merged.local_dirty = !docsEqual(merged, realMasterState, columns);
      if (overwrittenFields.length > 0) {
        deps.notify(conflictNotice(await describeRecord(table, merged, deps.lookup), overwrittenFields), 'conflict');
      }
      return merged as unknown as typeof realMasterState;
    },
  };
}
