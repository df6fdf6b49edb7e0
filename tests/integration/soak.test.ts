/**
 * The soak, short: three browsers of three staff users make random creates and edits across
 * providers, memberships, preferences and delegate approvals through the fault proxy, going
 * offline, online and reloading; at the end every browser and the server hold the same
 * data, no edit is lost, nothing is duplicated. `npm run soak` runs the long one (SOAK_OPS).
 */
import { describe, expect, it } from 'vitest';
import { formatReport, runSoak } from './soak/soak-run.ts';

const ops = Number(process.env.SOAK_OPS ?? 300);
const seed = Number(process.env.SOAK_SEED ?? 20261122);

// Known red (see the report of branch `reliability`): under faults some dirty rows stop being
// pushed (pending, no replication error, no request in flight) so the run does not converge,
// and a reload during a push can still let a user's older write beat their newer edit.
// Runs when SOAK=1 (`npm run soak` sets it); un-skip it in `npm test` once those are fixed.
describe.skipIf(process.env.SOAK !== '1')('soak', () => {
  it(
    `${ops} random creates and edits by 3 clients under injected faults converge with nothing lost`,
    async () => {
      const report = await runSoak({
        clients: 3,
        ops,
        seed,
        rates: { drop: 0.03, delay: 0.08, reset: 0.03, error5xx: 0.04, truncate: 0.03, wsClose: 0.01 },
        maxReloadsPerClient: Number(process.env.SOAK_RELOADS ?? Math.max(2, Math.round(ops / 150))),
        pauseMs: Number(process.env.SOAK_PAUSE_MS ?? 60),
        convergeTimeoutMs: Number(process.env.SOAK_CONVERGE_MS ?? 120_000),
      });
      console.log(formatReport(report));
      expect(report.edits.total).toBeGreaterThanOrEqual(ops);
      for (const kind of ['drop', 'delay', 'reset', 'error5xx', 'truncate'] as const) expect(report.faults[kind]).toBeGreaterThan(0);
      expect(report.offlineToggles).toBeGreaterThan(0);
      expect(report.reloads).toBeGreaterThan(0);
      expect(report.convergeMs).not.toBeNull();
      expect(report.divergenceDetails).toEqual([]);
      expect(report.lossDetails).toEqual([]);
      expect(report.losses).toBe(0);
      expect(report.duplicates).toBe(0);
    },
    Number(process.env.SOAK_TIMEOUT_MS ?? 600_000),
  );
});
