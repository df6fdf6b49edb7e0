// result-distribute: the scheduled job (schedule.json; hosted, pg_cron) that distributes
// results (issue 32). Each run first escalates every critical value still unacknowledged
// CRITICAL_ESCALATION_MINUTES (default 30) after its last notice — everyone, every channel,
// again, recorded as the next round — then claims the due sends of result_distributions
// (queued by lis-inbound when a result lands, or by the escalation) and sends each one,
// recording sent, a retry after a backoff, or a failure given up. Body: {batch?: 1–500}.
import { queueEscalation } from '../_shared/distribution/queue.ts';
import { deliverDistribution, type ClaimedDistribution, type DeliveryOutcome } from '../_shared/distribution/deliver.ts';
import { escalationDue, readEscalationMinutes } from '../_shared/distribution/plan.ts';
import { errorResponse, json } from '../_shared/http.ts';
import { createScheduledHandler, type ScheduledContext } from '../_shared/scheduled.ts';

type Service = ScheduledContext['service'];
const env = (name: string) => Deno.env.get(name);

async function escalate(service: Service, minutes: number, now: Date): Promise<number> {
  const { data: alerts, error } = await service.from('alerts').select('id, details').eq('kind', 'critical_value').is('acknowledged_at', null).eq('_deleted', false).limit(200);
  if (error) throw new Error(`The open critical values could not be read: ${error.message}`);
  let escalated = 0;
  for (const alert of (alerts ?? []) as Array<{ id: string; details: { result_id?: string } }>) {
    const resultId = alert.details?.result_id;
    if (!resultId) continue;
    const { data: last, error: lastError } = await service.from('result_distributions').select('round, created_at').eq('alert_id', alert.id).order('round', { ascending: false }).order('created_at', { ascending: false }).limit(1);
    if (lastError) throw new Error(`The notices of a critical value could not be read: ${lastError.message}`);
    const latest = (last ?? [])[0] as { round: number; created_at: string } | undefined;
    if (!latest || !escalationDue(false, new Date(latest.created_at), now, minutes)) continue;
    if ((await queueEscalation(service, resultId, alert.id, latest.round + 1)) > 0) escalated += 1;
  }
  return escalated;
}

async function run({ body, service }: ScheduledContext): Promise<Response> {
  const batch = body.batch ?? 50;
  if (!Number.isInteger(batch) || (batch as number) < 1 || (batch as number) > 500) return errorResponse(400, 'invalid_request', 'batch must be a whole number from 1 to 500.');
  let minutes: number;
  try {
    minutes = readEscalationMinutes(env);
  } catch (error) {
    return errorResponse(503, 'not_configured', (error as Error).message);
  }
  const escalated = await escalate(service, minutes, new Date());
  const { data, error } = await service.rpc('claim_result_distributions', { p_batch: batch });
  if (error) return errorResponse(500, 'claim_failed', `The due sends could not be claimed: ${error.message}`);
  const outcomes: DeliveryOutcome[] = [];
  for (const row of (data ?? []) as ClaimedDistribution[]) outcomes.push(await deliverDistribution(service, row, env));
  return json(200, { escalated, sent: outcomes.filter((o) => o.status === 'sent').length, retrying: outcomes.filter((o) => o.status === 'queued').length, failed: outcomes.filter((o) => o.status === 'failed').length, outcomes });
}

Deno.serve(createScheduledHandler({ name: 'result-distribute', handle: run }));
