/**
 * The soak, short: three browsers of three staff users make random creates and edits across
 * providers, memberships, preferences and delegate approvals through the fault proxy, going
 * offline, online and reloading; at the end every browser and the server hold the same
 * data, no edit is lost, nothing is duplicated. `npm run soak` runs the long one (SOAK_OPS).
 */
import { describe, expect, it } from 'vitest';
import { formatReport, runSoak } from './soak/soak-run.ts';

// `npm test` runs the short soak (3 clients, 150 ops, a reload per client at least);
// `npm run soak` (SOAK=1) the long one, SOAK_OPS (default 600) with more reloads.
const long = process.env.SOAK === '1';
const ops = Number(process.env.SOAK_OPS ?? (long ? 300 : 150));
const seed = Number(process.env.SOAK_SEED ?? 20261122);
const maxReloads = Number(process.env.SOAK_RELOADS ?? Math.max(2, Math.round(ops / 150)));

describe('soak', () => {
  it(
    `${ops} random creates and edits by 3 clients under injected faults converge with nothing lost`,
    async () => {
      const report = await runSoak({
        clients: 3,
        ops,
        seed,
        rates: { drop: 0.03, delay: 0.08, reset: 0.03, error5xx: 0.04, truncate: 0.03, wsClose: 0.01 },
        maxReloadsPerClient: maxReloads,
        pauseMs: Number(process.env.SOAK_PAUSE_MS ?? 60),
        convergeTimeoutMs: Number(process.env.SOAK_CONVERGE_MS ?? (long ? 120_000 : 45_000)),
      });
      console.log(formatReport(report));
      expect(report.edits.total).toBeGreaterThanOrEqual(ops);
      // A short run makes few requests: some fault kind may not come up, so it only needs faults.
      if (long) for (const kind of ['drop', 'delay', 'reset', 'error5xx', 'truncate'] as const) expect(report.faults[kind]).toBeGreaterThan(0);
      else expect(report.faults.total).toBeGreaterThan(0);
      expect(report.offlineToggles).toBeGreaterThan(0);
      if (maxReloads > 0) expect(report.reloads).toBeGreaterThan(0);
      expect(report.convergeMs).not.toBeNull();
      expect(report.divergenceDetails).toEqual([]);
      expect(report.lossDetails).toEqual([]);
      expect(report.losses).toBe(0);
      expect(report.duplicates).toBe(0);
    },
    Number(process.env.SOAK_TIMEOUT_MS ?? (long ? 600_000 : 90_000)),
  );
});
