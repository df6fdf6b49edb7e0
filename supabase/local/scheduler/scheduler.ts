/**
 * The local stack's scheduler: runs supabase/schedule.json's jobs on their intervals, as
 * pg_cron + pg_net do on a hosted project — a POST of the job's body to the function with
 * the service_role key, through this stack's own /functions/v1 (so the gateway's checks
 * apply as they would). Each run is recorded (time, trigger, status, answer, duration);
 * `runNow` starts one at once, for tests (`POST /__simulator/scheduler/run/<job>`).
 * A job never overlaps itself: a tick while it runs is skipped, as pg_cron does. `wake`
 * runs a job at once when the database asks for it (the local side of a trigger that calls
 * the function through pg_net when hosted); a wake while it runs runs it once more after.
 */
import { SERVICE_ROLE_KEY } from '../config.ts';
import type { ScheduledJob } from '../../functions/_shared/schedule.ts';

export interface JobRun {
  job: string;
  trigger: 'schedule' | 'manual' | 'wake';
  startedAt: string;
  durationMs: number;
  /** HTTP status of the function's answer; null when it could not be called. */
  status: number | null;
  /** The answer's body (JSON when it is JSON), or the error. */
  response: unknown;
}

export class Scheduler {
  private readonly timers = new Map<string, ReturnType<typeof setInterval>>();
  private readonly running = new Set<string>();
  private readonly wokenWhileRunning = new Set<string>();
  private readonly inFlight = new Set<Promise<JobRun>>();
  private stopped = false;
  private readonly runs: JobRun[] = [];

  constructor(
    readonly jobs: readonly ScheduledJob[],
    private readonly functionsUrl: string,
    private readonly log: (line: string) => void = () => {},
  ) {}

  start(): void {
    for (const job of this.jobs) {
      const timer = setInterval(() => {
        if (this.running.has(job.name)) return this.log(`scheduler: ${job.name} still running, tick skipped`);
        void this.run(job, 'schedule');
      }, job.intervalSeconds * 1000);
      timer.unref();
      this.timers.set(job.name, timer);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
  }

  /** Waits for the runs in progress (a stack stopping lets them finish first), at most `ms`. */
  async idle(ms = 10_000): Promise<void> {
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  history(job: string | null = null): JobRun[] {
    return this.runs.filter((run) => !job || run.job === job).slice().reverse();
  }

  /** Runs a job now, or once more as soon as the run in progress ends; false when no job has that name. */
  wake(name: string): boolean {
    const job = this.jobs.find((j) => j.name === name);
    if (!job || this.stopped) return false;
    if (this.running.has(name)) {
      this.wokenWhileRunning.add(name);
      return true;
    }
    void this.run(job, 'wake').then((run) => {
      // Woken again meanwhile, or the function stopped with work left ({"more": true}): once more.
      const more = typeof run.response === 'object' && run.response !== null && (run.response as { more?: unknown }).more === true;
      if (this.wokenWhileRunning.delete(name) || more) this.wake(name);
    });
    return true;
  }

  /** Runs a job at once; null when no job has that name. */
  async runNow(name: string): Promise<JobRun | null> {
    const job = this.jobs.find((j) => j.name === name);
    return job ? this.run(job, 'manual') : null;
  }

  private run(job: ScheduledJob, trigger: JobRun['trigger']): Promise<JobRun> {
    const run = this.call(job, trigger);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
    return run;
  }

  private async call(job: ScheduledJob, trigger: JobRun['trigger']): Promise<JobRun> {
    this.running.add(job.name);
    const started = Date.now();
    let status: number | null = null;
    let response: unknown;
    try {
      const answer = await fetch(`${this.functionsUrl}/${job.function}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(job.body),
        signal: AbortSignal.timeout(60_000),
      });
      status = answer.status;
      const text = await answer.text();
      try {
        response = JSON.parse(text);
      } catch {
        response = text;
      }
    } catch (error) {
      response = { error: (error as Error).message };
    } finally {
      this.running.delete(job.name);
    }
    const run: JobRun = { job: job.name, trigger, startedAt: new Date(started).toISOString(), durationMs: Date.now() - started, status, response };
    this.runs.push(run);
    if (this.runs.length > 500) this.runs.shift();
    this.log(`scheduler: ${job.name} (${trigger}) → ${status ?? 'not called'}`);
    return run;
  }
}
