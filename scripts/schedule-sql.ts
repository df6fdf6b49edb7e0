/**
 * Prints the SQL that schedules supabase/schedule.json's jobs on a hosted Supabase project
 * (pg_cron calling each Edge Function through pg_net, with the project URL and service key
 * from Vault). Run `npx tsx scripts/schedule-sql.ts` and paste the output into the SQL
 * editor, after the one-time setup in docs/integrations.md ("Scheduler").
 */
import fs from 'node:fs';
import path from 'node:path';
import { SUPABASE_DIR } from '../supabase/local/config.ts';
import { parseSchedule, scheduleSql } from '../supabase/functions/_shared/schedule.ts';

const jobs = parseSchedule(JSON.parse(fs.readFileSync(path.join(SUPABASE_DIR, 'schedule.json'), 'utf8')));
process.stdout.write(scheduleSql(jobs));
