/**
 * The local stack's scheduler runs supabase/schedule.json's jobs through the real
 * functions host, as pg_cron + pg_net do on a hosted project; a test triggers a job at once.
 */
import { describe, expect, it } from 'vitest';
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';

const SCHEDULER = `${process.env.SIMULATOR_URL ?? `${SUPABASE_URL}/__simulator`}/scheduler`;
const headers = { Authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}` };

describe('scheduler', () => {
  it('lists the declared jobs with their hosted cron schedule', async () => {
    const res = await fetch(SCHEDULER, { headers });
    const body = (await res.json()) as { jobs: Array<Record<string, unknown>> };
    expect(body.jobs).toContainEqual({ name: 'heartbeat', function: 'health', intervalSeconds: 3600, body: { source: 'scheduler' }, hostedSchedule: '0 * * * *' });
  });

  it('runs a job now through the functions host, with the service role, and records it', async () => {
    const res = await fetch(`${SCHEDULER}/run/heartbeat`, { method: 'POST', headers });
    expect(res.status).toBe(200);
    const run = (await res.json()) as { job: string; trigger: string; status: number; response: { ok: boolean; role: string } };
    expect(run).toMatchObject({ job: 'heartbeat', trigger: 'manual', status: 200, response: { ok: true, role: 'service_role' } });
    const history = (await (await fetch(`${SCHEDULER}?job=heartbeat`, { headers })).json()) as { runs: Array<{ startedAt: string }> };
    expect(history.runs[0]?.startedAt).toBe((run as unknown as { startedAt: string }).startedAt);
  });

  it('answers 404 for an unknown job and 401 without the service key', async () => {
    const unknown = await fetch(`${SCHEDULER}/run/nope`, { method: 'POST', headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'No scheduled job named "nope"' });
    expect((await fetch(SCHEDULER)).status).toBe(401);
  });
});
