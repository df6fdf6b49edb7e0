/**
 * Writing one record (a membership, a delegate approval, preferences, an organization) in a
 * local-first app, and telling the user the truth about it. The write goes to the local
 * database and replicates; while the device is online and syncing we wait (up to
 * SERVER_ANSWER_TIMEOUT_MS) for the server to acknowledge or refuse it:
 * - acknowledged: the record is clean again, newer than the write, with our values → 'saved';
 * - refused (RLS, a constraint): the sync layer resets the record to the server's version,
 *   or removes it when the server has none → 'failed' (the spec's failure toast);
 * - offline, paused or slow: the local write is the save → 'pending' (the sync indicator
 *   shows it waiting; a later refusal still reaches the user as a sync notice).
 */
import { filter, firstValueFrom, map, of, timeout } from 'rxjs';
import { timestampKey, type RxCollection } from '../../db/index.ts';
import { useSyncStore } from '../../stores/sync-store.ts';

export const SERVER_ANSWER_TIMEOUT_MS = 20_000;

export type WriteOutcome = 'saved' | 'pending' | 'failed';

interface SyncedRecord {
  id: string;
  local_dirty: boolean;
}

/** The local record right after a write, with its last-write time. */
export interface Written<D> {
  record: D;
  lwt: number;
}

export type ServerAnswer<D> = { kind: 'pending' } | { kind: 'answered'; record: D | null };

export interface WriteOptions {
  timeoutMs?: number;
  /** Whether the device is syncing now (online, signed in, not paused). */
  syncing?: () => boolean;
}

/** Whether the device syncs now (online and not paused): a write then gets its answer soon. */
export function syncingNow(): boolean {
  const sync = useSyncStore.getState();
  return sync.online && sync.pauseReason === null;
}

export async function insertLocal<D extends SyncedRecord>(collection: RxCollection<D>, doc: D): Promise<Written<D>> {
  const inserted = (await collection.insert(doc)).toJSON(true);
  return { record: inserted as unknown as D, lwt: inserted._meta.lwt };
}

/** Patches a record that is on this device; throws when it is not (anymore). */
export async function patchLocal<D extends SyncedRecord>(collection: RxCollection<D>, id: string, patch: Partial<D>): Promise<Written<D>> {
  const doc = await collection.findOne(id).exec();
  if (!doc) throw new Error(`${collection.name} ${id} is not on this device`);
  const after = (await doc.incrementalPatch(patch)).toJSON(true);
  return { record: after as unknown as D, lwt: after._meta.lwt };
}

/** Waits for the server's answer to a write (pending when offline, paused or slow). */
export function awaitServer<D extends SyncedRecord>(
  collection: RxCollection<D>,
  written: Written<D>,
  options: WriteOptions = {},
): Promise<ServerAnswer<D>> {
  // A write that changed nothing leaves the record clean: there is nothing to wait for.
  if (!written.record.local_dirty) return Promise.resolve({ kind: 'answered', record: written.record });
  if (!(options.syncing ?? syncingNow)()) return Promise.resolve({ kind: 'pending' });
  return firstValueFrom(
    collection.findOne(written.record.id).$.pipe(
      // Clean again and newer than the write: acknowledged, or refused and reset (null: removed).
      filter((doc) => !doc || (!doc.local_dirty && doc.toJSON(true)._meta.lwt > written.lwt)),
      map((doc): ServerAnswer<D> => ({ kind: 'answered', record: doc ? (doc.toJSON() as unknown as D) : null })),
      timeout({ first: options.timeoutMs ?? SERVER_ANSWER_TIMEOUT_MS, with: () => of<ServerAnswer<D>>({ kind: 'pending' }) }),
    ),
  );
}

/**
 * Deep equality of JSON values (arrays of text here), ignoring object key order; timestamps
 * by instant (the server writes `…16.7+00:00` what the browser wrote as `…16.700Z`).
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') {
    const instant = timestampKey(a);
    return instant !== null && instant === timestampKey(b);
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => sameValue(value, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => sameValue(left[key], right[key]));
}

/**
 * Fields the server writes itself whatever the device sent (migration
 * 20261125100001_server_written_fields.sql): the times of the insert and the write, and who
 * made the row. Its values there say nothing about whether our write was taken.
 */
const SERVER_WRITTEN_FIELDS: ReadonlySet<string> = new Set(['created_at', 'updated_at', 'created_by', 'assigned_by']);

/** What the server's answer means for the fields we wrote. */
export function outcomeOf<D>(answer: ServerAnswer<D>, fields: Partial<D>): WriteOutcome {
  if (answer.kind === 'pending') return 'pending';
  const record = answer.record as Record<string, unknown> | null;
  if (!record) return 'failed';
  const stuck = Object.entries(fields).every(([key, value]) => SERVER_WRITTEN_FIELDS.has(key) || sameValue(record[key] ?? null, value ?? null));
  return stuck ? 'saved' : 'failed';
}
