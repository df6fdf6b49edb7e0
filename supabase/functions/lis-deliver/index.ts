// lis-deliver: sends the laboratory its orders (issues 32, 44). Woken at once when a message
// is queued (the lis_messages trigger: pg_net on a hosted project, NOTIFY in the local
// stack), and run by the scheduler every 10 s as the safety net (schedule.json, pg_cron).
// Each run drains the queue of due messages (public.lis_messages: queued by the orders
// trigger when an order arrives submitted, is resent by an admin, or is cancelled) in
// batches: the batch's rows are read at once (_shared/lis/order-rows.ts), each message's
// ORM^O01 is built on its first attempt (buildOrm, or buildCancel for ORC CA) and kept, and
// sent over MLLP to LIS_MLLP_HOST:LIS_MLLP_PORT (TLS with LIS_MLLP_TLS) on a few connections
// at once (LIS_MLLP_CONNECTIONS, one message in flight on each, as HL7 original mode wants);
// the answer is recorded: AA moves the order to received, AE/AR puts the laboratory's text
// on the order, no answer queues the same text again after a backoff. A duplicate answer
// (the receiver saw the control ID before: its first ACK was lost) counts as that first
// answer, so an order is taken once; claims are leased for as long as a batch can take, so
// two runs never send one message. Edge Functions may open outbound TCP; they cannot listen
// (docs/integrations.md, "The laboratory link").
import { buildCancel, buildOrm } from '../_shared/hl7/orm.ts';
import { json } from '../_shared/http.ts';
import { answeredAttempt, readLisSettings, unansweredAttempt, type AttemptRecord, type LisSettings } from '../_shared/lis/delivery-rules.ts';
import { orderMessageInput, type OrderRows } from '../_shared/lab/order-message.ts';
import { AttemptRecorder } from '../_shared/lis/attempt-recorder.ts';
import { loadOrderRows, TRANSIENT_SUFFIX } from '../_shared/lis/order-rows.ts';
import { createMllpClient, MllpDeliveryError, type MllpClient } from '../_shared/mllp/client.ts';
import { denoConnector } from '../_shared/mllp/deno-connector.ts';
import { createScheduledHandler, type ScheduledContext } from '../_shared/scheduled.ts';

type Service = ScheduledContext['service'];

interface QueuedMessage {
  id: string;
  order_id: string;
  version: number;
  kind: 'new' | 'cancel';
  control_id: string;
  message: string | null;
  attempts: number;
}

interface Outcome {
  control_id: string;
  kind: string;
  result: 'AA' | 'AE' | 'AR' | 'retry' | 'not_built';
  duplicate?: boolean;
  text?: string;
}

interface RunOptions {
  /** Messages claimed at a time. */
  batch: number;
  ackTimeoutMs: number | null;
  /** The run stops claiming once this long has passed (what it claimed is still sent). */
  maxSeconds: number;
}

function runOptions(body: Record<string, unknown>): RunOptions | string {
  const batch = body.batch ?? 50;
  const timeout = body.ack_timeout_ms ?? null;
  const maxSeconds = body.max_seconds ?? 40;
  if (!Number.isInteger(batch) || (batch as number) < 1 || (batch as number) > 500) return 'batch must be a whole number from 1 to 500.';
  if (timeout !== null && (!Number.isInteger(timeout) || (timeout as number) < 100 || (timeout as number) > 300_000)) {
    return 'ack_timeout_ms must be a whole number from 100 to 300000.';
  }
  if (!Number.isInteger(maxSeconds) || (maxSeconds as number) < 1 || (maxSeconds as number) > 300) return 'max_seconds must be a whole number from 1 to 300.';
  return { batch: batch as number, ackTimeoutMs: timeout as number | null, maxSeconds: maxSeconds as number };
}

/** The message's text: kept from its first attempt, else built now from the rows. */
function messageText(msg: QueuedMessage, rows: OrderRows | string | undefined, settings: LisSettings): { text: string } | { problem: string } {
  if (msg.message) return { text: msg.message };
  if (rows === undefined) return { problem: `The order ${msg.order_id} ${TRANSIENT_SUFFIX}` };
  if (typeof rows === 'string') return { problem: rows };
  try {
    const input = orderMessageInput(rows, { version: msg.version, sentAt: new Date(), receiver: settings.receiver, processingId: settings.processingId });
    const text = msg.kind === 'new' ? buildOrm(input) : buildCancel({ ...input, reason: rows.order.cancel_reason?.trim() || 'Cancelled by the client' });
    return { text };
  } catch (error) {
    return { problem: `The order could not be sent: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Sends one message and hands its outcome to the recorder (written with others, not awaited here). */
async function deliverOne(recorder: AttemptRecorder, client: MllpClient, settings: LisSettings, msg: QueuedMessage, rows: OrderRows | string | undefined, written: Array<Promise<void>>): Promise<Outcome> {
  const record = (message: string | null, attempt: AttemptRecord) => written.push(recorder.add({ id: msg.id, controlId: msg.control_id, message, attempt }));
  const built = messageText(msg, rows, settings);
  if ('problem' in built) {
    // Transient read failures retry; a message that cannot be built waits for a correction.
    const transient = built.problem.endsWith(TRANSIENT_SUFFIX);
    record(null, transient ? unansweredAttempt(built.problem, msg.attempts, new Date()) : { ackCode: null, ackText: null, ackMessage: null, duplicate: false, error: built.problem, nextAttemptAt: null });
    return { control_id: msg.control_id, kind: msg.kind, result: transient ? 'retry' : 'not_built', text: built.problem };
  }
  try {
    const delivery = await client.send(built.text);
    const attempt = answeredAttempt(delivery.ack, delivery.ackText);
    record(built.text, attempt);
    return { control_id: msg.control_id, kind: msg.kind, result: delivery.ack.code, duplicate: delivery.ack.duplicate, text: attempt.ackText ?? '' };
  } catch (error) {
    if (!(error instanceof MllpDeliveryError)) throw error;
    record(built.text, unansweredAttempt(error.message, msg.attempts, new Date()));
    return { control_id: msg.control_id, kind: msg.kind, result: 'retry', text: error.message };
  }
}

/** Sends the claimed messages on `clients` (one message in flight on each), records them; the outcomes in claim order. */
async function sendAll(service: Service, clients: MllpClient[], settings: LisSettings, queue: QueuedMessage[]): Promise<Outcome[]> {
  const rows = await loadOrderRows(service, queue.filter((msg) => !msg.message).map((msg) => msg.order_id));
  const recorder = new AttemptRecorder(async (attempts) => {
    const { error } = await service.rpc('lis_record_attempts', { p_attempts: attempts });
    if (error) throw new Error(error.message);
  });
  const outcomes: Outcome[] = new Array(queue.length);
  const written: Array<Promise<void>> = [];
  let next = 0;
  await Promise.all(clients.map(async (client) => {
    while (next < queue.length) {
      const index = next;
      next += 1;
      const msg = queue[index] as QueuedMessage;
      outcomes[index] = await deliverOne(recorder, client, settings, msg, rows.get(msg.order_id), written);
    }
  }));
  await recorder.drain();
  await Promise.all(written);
  return outcomes;
}

async function deliver({ body, service }: ScheduledContext): Promise<Response> {
  const run = runOptions(body);
  if (typeof run === 'string') return json(400, { error: run, code: 'invalid_request' });
  const read = readLisSettings((name) => Deno.env.get(name));
  if (!read.ok) return json(500, { error: read.problem, code: 'not_configured' });
  const settings = { ...read.settings, ...(run.ackTimeoutMs ? { ackTimeoutMs: run.ackTimeoutMs } : {}) };
  // A claim lasts as long as the slowest batch can take on its connections (every message
  // timing out on every retry), so no other run takes a message this one still holds.
  const perMessageMs = settings.ackTimeoutMs * (settings.retries + 1) + settings.retries * 2_000;
  const leaseSeconds = Math.ceil((Math.ceil(run.batch / settings.connections) * perMessageMs) / 1000) + 30;
  const clients = Array.from({ length: settings.connections }, () => createMllpClient({
    host: settings.host,
    port: settings.port,
    tls: settings.tls,
    connector: denoConnector,
    ackTimeoutMs: settings.ackTimeoutMs,
    retries: settings.retries,
    backoff: { initialMs: 200, factor: 2, maxMs: 2_000 },
  }));
  const started = Date.now();
  const outcomes: Outcome[] = [];
  let more = false;
  try {
    // Drain: batch after batch until nothing is due, or the run's time is up (the next run goes on).
    while (Date.now() - started < run.maxSeconds * 1000) {
      const claimed = await service.rpc('lis_claim_messages', { p_limit: run.batch, p_lease_seconds: leaseSeconds });
      if (claimed.error) {
        console.error('lis-deliver: claiming failed', claimed.error);
        if (outcomes.length === 0) return json(500, { error: 'The laboratory queue could not be read.', code: 'read_failed' });
        break;
      }
      const queue = (claimed.data ?? []) as QueuedMessage[];
      if (queue.length === 0) break;
      outcomes.push(...(await sendAll(service, clients, settings, queue)));
      if (queue.length < run.batch) break;
      more = Date.now() - started >= run.maxSeconds * 1000;
    }
  } finally {
    for (const client of clients) client.close();
  }
  const count = (result: Outcome['result']) => outcomes.filter((o) => o.result === result).length;
  // more: the run's time was up with messages still due; its caller (a wake) calls again at once.
  return json(200, { sent: outcomes.length, accepted: count('AA'), refused: count('AE') + count('AR') + count('not_built'), retrying: count('retry'), more, outcomes });
}

Deno.serve(createScheduledHandler({ name: 'lis-deliver', handle: deliver }));
