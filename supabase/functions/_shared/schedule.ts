// The declared schedule of Edge Function calls (supabase/schedule.json), checked, and the
// pg_cron schedule each job gets on a hosted project. One list for both places: the local
// stack's scheduler runs it in-process, scripts/schedule-sql.ts turns it into the pg_cron +
// pg_net SQL for a hosted project. Pure: no file access here.

export interface ScheduledJob {
  /** pg_cron job name; unique. */
  name: string;
  /** The Edge Function called (supabase/functions/<function>). */
  function: string;
  /** How often it runs; the local scheduler uses exactly this. */
  intervalSeconds: number;
  /** A cron expression for the hosted schedule when the interval is not one (e.g. "0 4 1 * *"). */
  cron?: string;
  /** The JSON body of the call. */
  body: Record<string, unknown>;
}

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const CRON = /^(\S+\s+){4}\S+$/;

/** The jobs of a parsed schedule.json, or an error naming the first problem. */
export function parseSchedule(value: unknown): ScheduledJob[] {
  const jobs = (value as { jobs?: unknown } | null)?.jobs;
  if (!Array.isArray(jobs)) throw new Error('schedule.json must hold {"jobs": [...]}');
  const names = new Set<string>();
  return jobs.map((raw, i) => {
    const job = raw as Partial<ScheduledJob>;
    const at = `jobs[${i}]`;
    if (typeof job.name !== 'string' || !NAME.test(job.name)) throw new Error(`${at}.name must be lower-case letters, digits and hyphens`);
    if (names.has(job.name)) throw new Error(`${at}.name "${job.name}" is used twice`);
    names.add(job.name);
    if (typeof job.function !== 'string' || !NAME.test(job.function)) throw new Error(`${at}.function must name an Edge Function`);
    if (!Number.isInteger(job.intervalSeconds) || (job.intervalSeconds as number) < 1) throw new Error(`${at}.intervalSeconds must be a positive whole number`);
    if (job.cron !== undefined && (typeof job.cron !== 'string' || !CRON.test(job.cron.trim()))) throw new Error(`${at}.cron must be a five-field cron expression`);
    const body = job.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error(`${at}.body must be a JSON object`);
    const parsed: ScheduledJob = { name: job.name, function: job.function, intervalSeconds: job.intervalSeconds as number, body: body as Record<string, unknown> };
    if (job.cron) parsed.cron = job.cron.trim();
    cronSchedule(parsed);
    return parsed;
  });
}

/** The pg_cron schedule of a job: its cron, or its interval as pg_cron writes it. */
export function cronSchedule(job: Pick<ScheduledJob, 'name' | 'intervalSeconds' | 'cron'>): string {
  if (job.cron) return job.cron;
  const s = job.intervalSeconds;
  if (s < 60) return `${s} seconds`;
  if (s % 60 === 0 && s < 3600 && 60 % (s / 60) === 0) return `*/${s / 60} * * * *`;
  if (s === 3600) return '0 * * * *';
  if (s % 3600 === 0 && s < 86400 && 24 % (s / 3600) === 0) return `0 */${s / 3600} * * *`;
  if (s === 86400) return '0 0 * * *';
  throw new Error(`${job.name}: an interval of ${s} s has no cron form; give "cron" as well`);
}

function sqlLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The SQL that schedules the jobs on a hosted project: each job a pg_cron job that POSTs
 * its body to the function with pg_net, the project URL and service key read from Vault
 * (secrets `project_url` and `service_role_key`). Re-running it replaces the jobs.
 */
export function scheduleSql(jobs: readonly ScheduledJob[]): string {
  const parts = jobs.map((job) => {
    const command = [
      'select net.http_post(',
      `    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/${job.function}',`,
      "    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),",
      `    body := ${sqlLiteral(JSON.stringify(job.body))}::jsonb,`,
      '    timeout_milliseconds := 10000',
      '  ) as request_id;',
    ].join('\n');
    return `select cron.schedule(${sqlLiteral(job.name)}, ${sqlLiteral(cronSchedule(job))}, $job$\n  ${command}\n$job$);`;
  });
  return [
    '-- Generated from supabase/schedule.json by scripts/schedule-sql.ts. Needs the pg_cron and pg_net',
    '-- extensions and two Vault secrets (see docs/integrations.md, "Scheduler"). cron.schedule with an',
    '-- existing name replaces that job.',
    ...parts,
    '',
  ].join('\n');
}
