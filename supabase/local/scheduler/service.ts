/**
 * The scheduler of the local stack and its control routes (service_role key):
 *   GET  /__simulator/scheduler                 the jobs (with their hosted cron form) and recent runs
 *   POST /__simulator/scheduler/run/<job>       run a job now; answers the run when it is done
 * Jobs come from supabase/schedule.json. The database wakes a job at once with NOTIFY on the
 * job's channel (WAKE_CHANNELS; hosted, the same trigger calls the function through pg_net).
 * STACK_SCHEDULER=off keeps the timers and the wakes off (tests run the jobs themselves);
 * STACK_SCHEDULER=wake keeps only the wakes (the benchmark times them alone). The manual
 * trigger always works.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SUPABASE_DIR } from '../config.ts';
import type { HttpService, StackContext } from '../context.ts';
import { methodNotAllowed, requireServiceRole } from '../http/control.ts';
import { sendJson } from '../http/respond.ts';
import { cronSchedule, parseSchedule, type ScheduledJob } from '../../functions/_shared/schedule.ts';
import { Scheduler } from './scheduler.ts';

export const SCHEDULER_PREFIX = '/__simulator/scheduler';
export const SCHEDULE_FILE = path.join(SUPABASE_DIR, 'schedule.json');

export function readSchedule(file = SCHEDULE_FILE): ScheduledJob[] {
  return parseSchedule(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** NOTIFY channel → the job it wakes (the triggers that notify: migration 20261202100001). */
export const WAKE_CHANNELS: Readonly<Record<string, string>> = { lis_deliver: 'lis-deliver' };

export function createSchedulerService(ctx: Pick<StackContext, 'url' | 'log'> & Partial<Pick<StackContext, 'db'>>, options: { jobs?: ScheduledJob[]; autostart?: boolean } = {}): HttpService & { scheduler: Scheduler } {
  const scheduler = new Scheduler(options.jobs ?? readSchedule(), `${ctx.url}/functions/v1`, ctx.log);
  const mode = process.env.STACK_SCHEDULER ?? 'on';
  if (options.autostart ?? mode === 'on') scheduler.start();
  const unlisten: Array<Promise<() => Promise<void>>> = [];
  if (ctx.db && (options.autostart ?? mode !== 'off')) {
    for (const [channel, job] of Object.entries(WAKE_CHANNELS)) unlisten.push(ctx.db.pg.listen(channel, () => void scheduler.wake(job)));
  }
  return {
    scheduler,
    async handle(req, res, url) {
      if (!(await requireServiceRole(req, res, 'The scheduler'))) return;
      const rest = url.pathname.slice(SCHEDULER_PREFIX.length) || '/';
      if (rest === '/' || rest === '') {
        if (req.method !== 'GET') return methodNotAllowed(res, req.method);
        const jobs = scheduler.jobs.map((job) => ({ ...job, hostedSchedule: cronSchedule(job) }));
        return sendJson(res, 200, { jobs, runs: scheduler.history(url.searchParams.get('job')) });
      }
      const run = /^\/run\/([^/]+)$/.exec(rest);
      if (run?.[1]) {
        if (req.method !== 'POST') return methodNotAllowed(res, req.method);
        const result = await scheduler.runNow(decodeURIComponent(run[1]));
        if (!result) return sendJson(res, 404, { message: `No scheduled job named "${decodeURIComponent(run[1])}"` });
        return sendJson(res, 200, result);
      }
      sendJson(res, 404, { message: `No scheduler route at ${url.pathname}` });
    },
    async close() {
      scheduler.stop();
      for (const stop of unlisten) await (await stop)().catch(() => undefined);
      await scheduler.idle();
    },
  };
}
