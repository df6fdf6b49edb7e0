// lis-deliver: sends the laboratory its orders (issue 32). Each run takes the due messages of
// public.lis_messages (queued by the orders trigger when an order arrives submitted, is
// resent by an admin, or is cancelled), builds each one's ORM^O01 from the database rows on
// its first attempt (buildOrm, or buildCancel for ORC CA) and keeps that text, sends it over
// MLLP to LIS_MLLP_HOST:LIS_MLLP_PORT (TLS with LIS_MLLP_TLS), and records the answer: AA
// moves the order to received, AE/AR puts the laboratory's text on the order, no answer
// queues the same text again after a backoff. A duplicate answer (the receiver saw the
// control ID before: its first ACK was lost) counts as that first answer, so an order is
// taken once. Called by the scheduler (schedule.json); hosted, by pg_cron. Edge Functions
// may open outbound TCP; they cannot listen (docs/integrations.md, "The laboratory link").
import { buildCancel, buildOrm } from '../_shared/hl7/orm.ts';
import { json } from '../_shared/http.ts';
import { answeredAttempt, readLisSettings, unansweredAttempt, type AttemptRecord, type LisSettings } from '../_shared/lis/delivery-rules.ts';
import { orderMessageInput, type OrderRows, type CompendiumRow, type OrderRow } from '../_shared/lab/order-message.ts';
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

function runOptions(body: Record<string, unknown>): { batch: number; ackTimeoutMs: number | null } | string {
  const batch = body.batch ?? 20;
  const timeout = body.ack_timeout_ms ?? null;
  if (!Number.isInteger(batch) || (batch as number) < 1 || (batch as number) > 500) return 'batch must be a whole number from 1 to 500.';
  if (timeout !== null && (!Number.isInteger(timeout) || (timeout as number) < 100 || (timeout as number) > 300_000)) {
    return 'ack_timeout_ms must be a whole number from 100 to 300000.';
  }
  return { batch: batch as number, ackTimeoutMs: timeout as number | null };
}

async function loadRows(service: Service, orderId: string): Promise<OrderRows | string> {
  const order = await service.from('orders').select('*').eq('id', orderId).maybeSingle();
  if (order.error || !order.data) return `The order ${orderId} could not be read.`;
  const row = order.data as OrderRow & { patient_id: string; provider_id: string; organization_id: string };
  const codes = row.tests.map((t) => t.code);
  const [patient, provider, organization, compendium] = await Promise.all([
    service.from('patients').select('*').eq('id', row.patient_id).maybeSingle(),
    service.from('providers').select('npi, first_name, last_name, credential').eq('id', row.provider_id).maybeSingle(),
    service.from('organizations').select('id, legal_name, dba_name, npi, account_number, practice_address, phone').eq('id', row.organization_id).maybeSingle(),
    service.from('compendium_tests').select('code, name, loinc, cpt_codes, questions').in('code', codes.length ? codes : ['-']),
  ]);
  if (patient.error || !patient.data) return 'The order’s patient could not be read.';
  if (provider.error || !provider.data) return 'The order’s provider could not be read.';
  if (organization.error || !organization.data) return 'The order’s organization could not be read.';
  if (compendium.error) return 'The compendium could not be read.';
  return { order: row, patient: patient.data, provider: provider.data, organization: organization.data, compendium: (compendium.data ?? []) as CompendiumRow[] };
}

/** The message's text: kept from its first attempt, else built now from the rows. */
async function messageText(service: Service, msg: QueuedMessage, settings: LisSettings): Promise<{ text: string } | { problem: string }> {
  if (msg.message) return { text: msg.message };
  const rows = await loadRows(service, msg.order_id);
  if (typeof rows === 'string') return { problem: rows };
  try {
    const input = orderMessageInput(rows, { version: msg.version, sentAt: new Date(), receiver: settings.receiver, processingId: settings.processingId });
    const text = msg.kind === 'new' ? buildOrm(input) : buildCancel({ ...input, reason: rows.order.cancel_reason?.trim() || 'Cancelled by the client' });
    return { text };
  } catch (error) {
    return { problem: `The order could not be sent: ${error instanceof Error ? error.message : String(error)}` };
  }
}

async function record(service: Service, msg: QueuedMessage, text: string | null, attempt: AttemptRecord): Promise<void> {
  const { error } = await service.rpc('lis_record_attempt', {
    p_id: msg.id,
    p_message: text,
    p_ack_code: attempt.ackCode,
    p_ack_text: attempt.ackText,
    p_ack_message: attempt.ackMessage,
    p_duplicate: attempt.duplicate,
    p_error: attempt.error,
    p_next_attempt_at: attempt.nextAttemptAt,
  });
  if (error) throw new Error(`lis_record_attempt failed for ${msg.control_id}: ${error.message}`);
}

async function deliverOne(service: Service, client: MllpClient, settings: LisSettings, msg: QueuedMessage): Promise<Outcome> {
  const built = await messageText(service, msg, settings);
  if ('problem' in built) {
    // Transient read failures retry; a message that cannot be built waits for a correction.
    const transient = built.problem.endsWith('could not be read.');
    await record(service, msg, null, transient ? unansweredAttempt(built.problem, msg.attempts, new Date()) : { ackCode: null, ackText: null, ackMessage: null, duplicate: false, error: built.problem, nextAttemptAt: null });
    return { control_id: msg.control_id, kind: msg.kind, result: transient ? 'retry' : 'not_built', text: built.problem };
  }
  try {
    const delivery = await client.send(built.text);
    const attempt = answeredAttempt(delivery.ack, delivery.ackText);
    await record(service, msg, built.text, attempt);
    return { control_id: msg.control_id, kind: msg.kind, result: delivery.ack.code, duplicate: delivery.ack.duplicate, text: attempt.ackText ?? '' };
  } catch (error) {
    if (!(error instanceof MllpDeliveryError)) throw error;
    await record(service, msg, built.text, unansweredAttempt(error.message, msg.attempts, new Date()));
    return { control_id: msg.control_id, kind: msg.kind, result: 'retry', text: error.message };
  }
}

async function deliver({ body, service }: ScheduledContext): Promise<Response> {
  const run = runOptions(body);
  if (typeof run === 'string') return json(400, { error: run, code: 'invalid_request' });
  const read = readLisSettings((name) => Deno.env.get(name));
  if (!read.ok) return json(500, { error: read.problem, code: 'not_configured' });
  const settings = { ...read.settings, ...(run.ackTimeoutMs ? { ackTimeoutMs: run.ackTimeoutMs } : {}) };

  const claimed = await service.rpc('lis_claim_messages', { p_limit: run.batch, p_lease_seconds: Math.ceil((settings.ackTimeoutMs * (settings.retries + 2)) / 1000) + 30 });
  if (claimed.error) {
    console.error('lis-deliver: claiming failed', claimed.error);
    return json(500, { error: 'The laboratory queue could not be read.', code: 'read_failed' });
  }
  const queue = (claimed.data ?? []) as QueuedMessage[];
  const client = createMllpClient({
    host: settings.host,
    port: settings.port,
    tls: settings.tls,
    connector: denoConnector,
    ackTimeoutMs: settings.ackTimeoutMs,
    retries: settings.retries,
    backoff: { initialMs: 200, factor: 2, maxMs: 2_000 },
  });
  const outcomes: Outcome[] = [];
  try {
    for (const msg of queue) outcomes.push(await deliverOne(service, client, settings, msg));
  } finally {
    client.close();
  }
  const count = (result: Outcome['result']) => outcomes.filter((o) => o.result === result).length;
  return json(200, { sent: queue.length, accepted: count('AA'), refused: count('AE') + count('AR') + count('not_built'), retrying: count('retry'), outcomes });
}

Deno.serve(createScheduledHandler({ name: 'lis-deliver', handle: deliver }));
