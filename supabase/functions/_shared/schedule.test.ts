import { describe, expect, it } from 'vitest';
import { cronSchedule, parseSchedule, scheduleSql } from './schedule.ts';

const job = (changes: Record<string, unknown> = {}) => ({ name: 'reverify', function: 'reverify-providers', intervalSeconds: 86400, body: { limit: 50 }, ...changes });

describe('parseSchedule', () => {
  it('reads the jobs, defaulting the body', () => {
    expect(parseSchedule({ jobs: [job(), { name: 'leie', function: 'leie-import', intervalSeconds: 2592000, cron: ' 0 4 1 * * ' }] })).toEqual([
      { name: 'reverify', function: 'reverify-providers', intervalSeconds: 86400, body: { limit: 50 } },
      { name: 'leie', function: 'leie-import', intervalSeconds: 2592000, cron: '0 4 1 * *', body: {} },
    ]);
  });

  it.each([
    [{}, 'schedule.json must hold {"jobs": [...]}'],
    [{ jobs: [job({ name: 'Re Verify' })] }, 'jobs[0].name must be lower-case letters, digits and hyphens'],
    [{ jobs: [job(), job()] }, 'jobs[1].name "reverify" is used twice'],
    [{ jobs: [job({ function: '' })] }, 'jobs[0].function must name an Edge Function'],
    [{ jobs: [job({ intervalSeconds: 0 })] }, 'jobs[0].intervalSeconds must be a positive whole number'],
    [{ jobs: [job({ cron: '0 4 1 *' })] }, 'jobs[0].cron must be a five-field cron expression'],
    [{ jobs: [job({ body: [] })] }, 'jobs[0].body must be a JSON object'],
    [{ jobs: [job({ intervalSeconds: 7 * 86400 })] }, 'reverify: an interval of 604800 s has no cron form; give "cron" as well'],
  ])('refuses %j', (value, message) => expect(() => parseSchedule(value)).toThrow(message));
});

describe('cronSchedule', () => {
  it.each([
    [30, '30 seconds'],
    [60, '*/1 * * * *'],
    [900, '*/15 * * * *'],
    [3600, '0 * * * *'],
    [6 * 3600, '0 */6 * * *'],
    [86400, '0 0 * * *'],
  ])('writes %i s as %s', (intervalSeconds, expected) => expect(cronSchedule({ name: 'j', intervalSeconds })).toBe(expected));

  it('refuses intervals cron cannot say, and prefers an explicit cron', () => {
    expect(() => cronSchedule({ name: 'j', intervalSeconds: 420 })).toThrow('j: an interval of 420 s has no cron form; give "cron" as well');
    expect(() => cronSchedule({ name: 'j', intervalSeconds: 5 * 3600 })).toThrow('has no cron form');
    expect(cronSchedule({ name: 'j', intervalSeconds: 420, cron: '*/7 * * * *' })).toBe('*/7 * * * *');
  });
});

describe('scheduleSql', () => {
  it('schedules each job as a pg_net POST with the URL and key from Vault', () => {
    const sql = scheduleSql([{ name: 'reverify', function: 'reverify-providers', intervalSeconds: 86400, body: { note: "it's" } }]);
    expect(sql).toContain("select cron.schedule('reverify', '0 0 * * *', $job$");
    expect(sql).toContain("(select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/reverify-providers'");
    expect(sql).toContain("'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')");
    expect(sql).toContain(`body := '{"note":"it''s"}'::jsonb,`);
  });
});
