/**
 * The access log of protected records, from the device's side: every opening of a patient
 * (and of an order or a result, and every print of an order's documents) is queued in the outbox with its own id and the time
 * it happened, and sent with `record_openings` when online — at once when the device is
 * online, later when it is not. The server records each id once, as the caller's opening,
 * at the server's time (the device's is kept beside it), and only for a record the caller
 * may read on the server (supabase/migrations/20261205100001_…). It is sent at once (no
 * local read before the request: an opening is usually followed by a navigation, and the
 * sooner it is out the better); a refusal is final only when the device can tell the record
 * is on the server: while its record has not reached the server yet (made on this device,
 * still to be pushed), or while the patient records are locked and that cannot be told, the
 * opening waits and is sent again. Queued openings are pending changes like any other:
 * sign-out warns about them.
 */
import { registerOutboxHandler } from '../outbox/outbox-handlers.ts';
import { getProtectedDatabase } from './protected-data.ts';
import type { OutboxOutcome } from '../outbox/outbox-machine.ts';
import type { JsonValue } from '../tables/columns.ts';

export const RECORD_OPENING_KIND = 'record-opening';

export type ProtectedRecordTable = 'patients' | 'orders' | 'results';

/** What was done with the record: opened, or one of an order's documents printed. */
export type RecordAction = 'opened' | 'printed_requisition' | 'printed_labels' | 'printed_abn';

export interface Opening {
  id: string;
  table_name: ProtectedRecordTable;
  row_id: string;
  /** Whose record it is (the patient itself, or the patient of the order or result). */
  patient_id: string;
  /** ISO time it was opened, by this device's clock. */
  opened_at: string;
  /** Absent for an opening (queued before prints were audited too). */
  action?: RecordAction;
}

export function newOpening(table: ProtectedRecordTable, rowId: string, patientId: string, now: Date = new Date(), action: RecordAction = 'opened'): Opening {
  const opening: Opening = { id: crypto.randomUUID(), table_name: table, row_id: rowId, patient_id: patientId, opened_at: now.toISOString() };
  return action === 'opened' ? opening : { ...opening, action };
}

function isOpening(value: unknown): value is Opening {
  const opening = value as Partial<Opening> | null;
  return !!opening && typeof opening.id === 'string' && typeof opening.row_id === 'string' && typeof opening.patient_id === 'string' && typeof opening.opened_at === 'string';
}

export interface RpcClient {
  rpc(name: string, args: Record<string, unknown>): PromiseLike<{ error: { message: string } | null; status: number }>;
}

/** A refusal (4xx but a timeout or rate limit) will not change by trying again; anything else may. */
export function openingOutcome(answer: { error: { message: string } | null; status: number }): OutboxOutcome {
  if (!answer.error) return { ok: true, result: null };
  const permanent = answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 408 && answer.status !== 429;
  return { ok: false, transient: !permanent, message: answer.error.message };
}

/** Why a refused opening may yet be recorded (null: the refusal is final). */
export type OpeningWait = 'locked' | 'not-on-server' | null;

/** Whether the opened record is on the server already, as far as this device can tell. */
export async function openingWait(opening: Pick<Opening, 'table_name' | 'row_id'>): Promise<OpeningWait> {
  const db = getProtectedDatabase();
  if (!db) return 'locked';
  const [doc] = await db[opening.table_name].storageInstance.findDocumentsById([opening.row_id], true);
  return doc?.local_dirty ? 'not-on-server' : null;
}

const WAIT_MESSAGES: Record<NonNullable<OpeningWait>, string> = {
  locked: 'Patient records are locked: the opening is recorded once they are opened.',
  'not-on-server': 'The record is not on the server yet: its opening is recorded after it.',
};

let registered = false;

/** Registers the outbox handler of openings once (the app passes its client, loaded on demand). */
export function registerOpeningsOutbox(client: () => Promise<RpcClient>, wait: (opening: Opening) => Promise<OpeningWait> = openingWait): void {
  if (registered) return;
  registered = true;
  registerOutboxHandler<JsonValue>(RECORD_OPENING_KIND, async (payload) => {
    if (!isOpening(payload)) return { ok: false, transient: false, message: 'The queued opening is incomplete.' };
    let outcome: OutboxOutcome;
    try {
      outcome = openingOutcome(await (await client()).rpc('record_openings', { p_openings: [payload] }));
    } catch (error) {
      return { ok: false, transient: true, message: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.ok || outcome.transient) return outcome;
    const waiting = await wait(payload);
    return waiting ? { ok: false, transient: true, message: WAIT_MESSAGES[waiting] } : outcome;
  });
}
