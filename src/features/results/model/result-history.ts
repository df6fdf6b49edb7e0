/**
 * A patient's results over time (issue 32): for each observation code, its numeric values in
 * time order, with the reference range the laboratory reported (the latest one), for the
 * history chart; and each observation's previous value, for the "plus" report formats.
 */
import type { PreviousValue, StoredObservation } from '../../../lib/results/index.ts';

export interface HistoryPoint {
  at: string;
  value: number;
  flags: string[];
}

export interface TestHistory {
  code: string;
  name: string;
  units: string;
  low: number | null;
  high: number | null;
  points: HistoryPoint[];
}

interface ResultLike {
  id: string;
  collected_at: string | null;
  received_at: string;
  observations: unknown;
}

const RANGE = /^\s*(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\s*$/;
const UPPER = /^\s*<=?\s*(-?\d+(?:\.\d+)?)\s*$/;
const LOWER = /^\s*>=?\s*(-?\d+(?:\.\d+)?)\s*$/;

/** "70-99" → 70..99, "<200" → ..200, ">39" → 39..; anything else → no bounds. */
export function parseRange(range: string | null): { low: number | null; high: number | null } {
  if (!range) return { low: null, high: null };
  const both = RANGE.exec(range);
  if (both) return { low: Number(both[1]), high: Number(both[2]) };
  const upper = UPPER.exec(range);
  if (upper) return { low: null, high: Number(upper[1]) };
  const lower = LOWER.exec(range);
  if (lower) return { low: Number(lower[1]), high: null };
  return { low: null, high: null };
}

function timeOf(result: ResultLike, obs: StoredObservation): string {
  return obs.observed_at ?? result.collected_at ?? result.received_at;
}

export function observationsOf(result: { observations: unknown }): StoredObservation[] {
  return Array.isArray(result.observations) ? (result.observations as StoredObservation[]) : [];
}

/** The histories of the codes given (every numeric code when none), from a patient's results. */
export function testHistories(results: readonly ResultLike[], codes?: readonly string[]): TestHistory[] {
  const byCode = new Map<string, TestHistory & { latest: string }>();
  for (const result of results) {
    for (const obs of observationsOf(result)) {
      if (obs.numeric_value === null || (codes && !codes.includes(obs.code))) continue;
      const at = timeOf(result, obs);
      let history = byCode.get(obs.code);
      if (!history) {
        history = { code: obs.code, name: obs.text || obs.code, units: obs.units ?? '', low: null, high: null, points: [], latest: '' };
        byCode.set(obs.code, history);
      }
      history.points.push({ at, value: obs.numeric_value, flags: obs.flags });
      if (at >= history.latest) {
        Object.assign(history, parseRange(obs.reference_range), { latest: at, units: obs.units ?? history.units });
      }
    }
  }
  return [...byCode.values()].map(({ latest: _latest, ...history }) => ({ ...history, points: history.points.sort((a, b) => a.at.localeCompare(b.at)) }));
}

/** Each observation code's last value before `result`, among the patient's other results. */
export function previousValues(result: ResultLike, others: readonly ResultLike[]): Map<string, PreviousValue> {
  const previous = new Map<string, PreviousValue>();
  const own = new Map(observationsOf(result).map((obs) => [obs.code, timeOf(result, obs)]));
  for (const other of others) {
    if (other.id === result.id) continue;
    for (const obs of observationsOf(other)) {
      const before = own.get(obs.code);
      const at = timeOf(other, obs);
      if (!before || at >= before || obs.value === null) continue;
      const known = previous.get(obs.code);
      if (!known || at > known.at) previous.set(obs.code, { value: `${obs.value}${obs.units ? ` ${obs.units}` : ''}`, at });
    }
  }
  return previous;
}
