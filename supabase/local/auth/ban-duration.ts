/**
 * The admin API's `ban_duration`: a Go duration string ("24h", "1h30m", "876000h") or
 * "none" to lift a ban, as GoTrue parses it with time.ParseDuration.
 */
import { validationFailed } from './errors.ts';

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const PART = /(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h)/g;

/** Milliseconds of the ban, or null for "none". */
export function parseBanDuration(value: string): number | null {
  if (value === 'none') return null;
  const invalid = () => validationFailed(`invalid format for ban duration: time: invalid duration "${value}"`);
  if (!/^((\d+(\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h))+$/.test(value)) throw invalid();
  let total = 0;
  for (const [, amount, unit] of value.matchAll(PART)) total += Number(amount) * (UNIT_MS[unit ?? ''] ?? 0);
  return total;
}
