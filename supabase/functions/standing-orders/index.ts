// standing-orders: creates the due occurrences of standing orders (issue 31). Each run asks
// the database (public.standing_orders_run, service role only) to copy every standing order
// whose next occurrence has fallen due: a submitted order with its own server-made
// requisition number (R-0-<counter>), created once per occurrence, checked and queued to the
// laboratory by the same triggers as any order. An occurrence the server refuses (an excluded
// provider) stops its series with the reason instead of failing the run. Called by the
// scheduler (supabase/schedule.json); hosted, by pg_cron (docs/integrations.md).
import { errorResponse, json } from '../_shared/http.ts';
import { createScheduledHandler, type ScheduledContext } from '../_shared/scheduled.ts';

interface RunResult {
  created: Array<{ order_id: string; parent_id: string; occurrence: number; requisition_number: string }>;
  refused: Array<{ parent_id: string; occurrence: number; error: string }>;
}

async function run({ body, service }: ScheduledContext): Promise<Response> {
  const batch = body.batch ?? 100;
  if (!Number.isInteger(batch) || (batch as number) < 1 || (batch as number) > 1000) {
    return errorResponse(400, 'invalid_request', 'batch must be a whole number from 1 to 1000.');
  }
  const answer = await service.rpc('standing_orders_run', { p_limit: batch });
  if (answer.error) return errorResponse(500, 'run_failed', `The standing orders could not be run: ${answer.error.message}`);
  const result = answer.data as RunResult;
  return json(200, { created: result.created, refused: result.refused });
}

Deno.serve(createScheduledHandler({ name: 'standing-orders', handle: run }));
