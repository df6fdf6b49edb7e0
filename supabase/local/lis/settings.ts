/**
 * The LIS simulator's settings from the stack's configuration (env LIS_SIM_*): where its
 * results go, how long it takes, which codes it accepts. Deliveries retry four times,
 * one second apart and doubling, as interface engines commonly do.
 */
import { LOCAL_LIS_SECRET, type LisStackConfig } from '../config.ts';
import type { LisDestination } from './delivery.ts';
import type { LisSettings } from './engine.ts';

export function destinationFrom(config: Pick<LisStackConfig, 'resultsUrl' | 'resultsMllp'>, env: NodeJS.ProcessEnv = process.env): LisDestination {
  if (config.resultsUrl) return { kind: 'https', url: config.resultsUrl, secret: env.LIS_INBOUND_SECRET || LOCAL_LIS_SECRET };
  if (config.resultsMllp) {
    const match = /^([^:]+):(\d+)$/.exec(config.resultsMllp);
    if (!match) throw new Error(`LIS_SIM_RESULTS_MLLP must be host:port, not "${config.resultsMllp}"`);
    return { kind: 'mllp', host: match[1] as string, port: Number(match[2]) };
  }
  return null;
}

export function lisSettings(config: LisStackConfig, env: NodeJS.ProcessEnv = process.env): LisSettings {
  return {
    application: 'SIMLIS',
    facility: '05D2087651',
    testCodes: config.testCodes,
    resultDelayMs: config.resultDelayMs,
    destination: destinationFrom(config, env),
    outcome: 'random',
    includeReport: true,
    delivery: { retries: 4, backoff: { initialMs: 1000, factor: 2, maxMs: 30_000 }, timeoutMs: 10_000 },
  };
}
