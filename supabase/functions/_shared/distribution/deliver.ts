// Sending one queued distribution (a row of result_distributions claimed by
// result-distribute): build the report in the row's format, send it by its channel through
// the channel's Sender (_shared/notify: email through an HTTP email API, fax through an HTTP
// fax API that downloads the PDF from a signed Storage URL), and record the outcome: sent,
// queued again after a backoff (a retryable failure), or failed (given up: shown on the
// result and the dashboard). The row's id is the providers' idempotency key, so a resend
// after a crash reaches nobody twice. Each recorded attempt is an audit row (trigger).
import { createEmailSender, createFaxSender, emailOptionsFromEnv, faxOptionsFromEnv, type Attachment, type SendResult } from '../notify/index.ts';
import { SIGNED_LINK_MAX_SECONDS } from '../files/signed-links.ts';
import { REPORT_BUCKET } from '../results/ingest.ts';
import { reportFormatOf } from '../results/report-format.ts';
import type { StoredObservation } from '../results/result-rows.ts';
import type { SupabaseClient } from '../supabase.ts';
import { emailBodies, reportDocument, type DistributedResult } from './message.ts';
import { nextAttemptAt, type Channel, type Purpose } from './plan.ts';
import { reportPdf } from './report-pdf.ts';

export interface ClaimedDistribution {
  id: string;
  result_id: string;
  purpose: Purpose;
  round: number;
  channel: Channel;
  recipient: string;
  report_format: string;
  attempts: number;
}

interface ResultRow {
  requisition_number: string;
  test_code: string;
  test_name: string;
  status: string;
  collected_at: string | null;
  resulted_at: string | null;
  observations: StoredObservation[];
  report_path: string | null;
  patient_id: string;
  provider_id: string;
}

type Env = (name: string) => string | undefined;

async function loadResult(service: SupabaseClient, resultId: string): Promise<{ result: DistributedResult; reportPath: string | null }> {
  const { data, error } = await service.from('results').select('requisition_number, test_code, test_name, status, collected_at, resulted_at, observations, report_path, patient_id, provider_id').eq('id', resultId).single();
  if (error) throw new Error(`The result could not be read: ${error.message}`);
  const row = data as ResultRow;
  const [patient, provider] = await Promise.all([
    service.from('patients').select('first_name, last_name, date_of_birth').eq('id', row.patient_id).maybeSingle(),
    service.from('providers').select('first_name, last_name, credential').eq('id', row.provider_id).maybeSingle(),
  ]);
  const p = patient.data as { first_name: string; last_name: string; date_of_birth: string } | null;
  const d = provider.data as { first_name: string; last_name: string; credential: string | null } | null;
  return {
    reportPath: row.report_path,
    result: {
      requisitionNumber: row.requisition_number,
      testCode: row.test_code,
      testName: row.test_name,
      status: row.status,
      patientName: p ? `${p.last_name}, ${p.first_name} (born ${p.date_of_birth})` : 'Unknown patient',
      providerName: d ? `${d.first_name} ${d.last_name}${d.credential ? `, ${d.credential}` : ''}` : 'Ordering provider',
      collectedAt: row.collected_at,
      resultedAt: row.resulted_at,
      observations: row.observations,
    },
  };
}

async function download(service: SupabaseClient, path: string): Promise<Uint8Array> {
  const { data, error } = await service.storage.from(REPORT_BUCKET).download(path);
  if (error || !data) throw new Error(`The laboratory's report could not be read: ${error?.message ?? 'no data'}`);
  return new Uint8Array(await data.arrayBuffer());
}

async function sendOne(service: SupabaseClient, row: ClaimedDistribution, env: Env): Promise<SendResult> {
  const { result, reportPath } = await loadResult(service, row.result_id);
  const format = reportFormatOf(row.report_format);
  const doc = reportDocument(result, format, row.purpose, row.round);
  if (row.channel === 'email') {
    let options;
    try {
      options = emailOptionsFromEnv(env);
    } catch (error) {
      return { ok: false, retryable: true, status: null, error: `Email is not configured: ${(error as Error).message}` };
    }
    const attachments: Attachment[] = format === 'comprehensive_plus' && reportPath ? [{ filename: `${result.requisitionNumber}-${result.testCode}.pdf`, contentType: 'application/pdf', content: await download(service, reportPath) }] : [];
    return createEmailSender(options).send({ to: [row.recipient], subject: doc.subject, ...emailBodies(doc), attachments, idempotencyKey: `${row.id}` });
  }
  let options;
  try {
    options = faxOptionsFromEnv(env);
  } catch (error) {
    return { ok: false, retryable: true, status: null, error: `Fax is not configured: ${(error as Error).message}` };
  }
  const path = `distributions/${row.id}.pdf`;
  const pdf = format === 'comprehensive_plus' && reportPath ? await download(service, reportPath) : await reportPdf(doc);
  const upload = await service.storage.from(REPORT_BUCKET).upload(path, pdf, { contentType: 'application/pdf', upsert: true });
  if (upload.error) return { ok: false, retryable: true, status: null, error: `The fax document could not be stored: ${upload.error.message}` };
  // The fax provider fetches the document when it sends: a link of minutes (signed-links.ts).
  const signed = await service.storage.from(REPORT_BUCKET).createSignedUrl(path, SIGNED_LINK_MAX_SECONDS);
  if (signed.error || !signed.data) return { ok: false, retryable: true, status: null, error: `The fax document could not be signed: ${signed.error?.message ?? 'no URL'}` };
  return createFaxSender(options).send({ to: row.recipient, mediaUrl: signed.data.signedUrl, idempotencyKey: row.id });
}

export interface DeliveryOutcome {
  id: string;
  channel: Channel;
  status: 'sent' | 'queued' | 'failed';
  error?: string;
}

/** Sends one claimed row and records what happened. Never throws for the other side's failure. */
export async function deliverDistribution(service: SupabaseClient, row: ClaimedDistribution, env: Env, now = () => new Date()): Promise<DeliveryOutcome> {
  let outcome: SendResult;
  try {
    outcome = row.channel === 'in_app' ? { ok: true, providerId: 'in-app' } : await sendOne(service, row, env);
  } catch (error) {
    outcome = { ok: false, retryable: true, status: null, error: error instanceof Error ? error.message : String(error) };
  }
  const attempts = row.attempts + 1;
  const at = now();
  const next = outcome.ok ? null : nextAttemptAt(attempts, outcome.retryable, at);
  const status = outcome.ok ? 'sent' : next ? 'queued' : 'failed';
  const update = outcome.ok
    ? { status, attempts, sent_at: at.toISOString(), provider_message_id: outcome.providerId, last_error: null, updated_at: at.toISOString() }
    : { status, attempts, last_error: outcome.error.slice(0, 1000), updated_at: at.toISOString(), ...(next ? { next_attempt_at: next.toISOString() } : {}) };
  const { error } = await service.from('result_distributions').update(update).eq('id', row.id).eq('status', 'sending');
  if (error) throw new Error(`The distribution's outcome could not be recorded: ${error.message}`);
  return { id: row.id, channel: row.channel, status, ...(outcome.ok ? {} : { error: outcome.error }) };
}
