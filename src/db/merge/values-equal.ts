/**
 * Equality of column values by meaning, not by spelling: the server writes timestamps as
 * `2026-11-21T10:00:00.123456+00:00` while the browser writes `…00.123Z`; jsonb objects
 * compare regardless of key order. Used by the three-way merge (what changed where) and
 * by the replication's document comparison.
 */
import type { ColumnSpec } from '../tables/columns.ts';

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** A comparable key for a timestamp (seconds since the epoch + microseconds), or null. */
export function timestampKey(value: string): string | null {
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone = 'Z'] = match;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
  }
  const epochMs = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const epochSeconds = epochMs / 1000 - offsetMinutes * 60;
  return `${epochSeconds}.${fraction.padEnd(6, '0').slice(0, 6)}`;
}

/** Compare two timestamps; unparseable values fall back to text order. */
export function compareTimestamps(a: string, b: string): number {
  const ka = timestampKey(a);
  const kb = timestampKey(b);
  if (ka === null || kb === null) return a < b ? -1 : a > b ? 1 : 0;
  const [sa = '0', ua = '0'] = ka.split('.');
  const [sb = '0', ub = '0'] = kb.split('.');
  const seconds = Number(sa) - Number(sb);
  if (seconds !== 0) return seconds < 0 ? -1 : 1;
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    return a.every((item, index) => deepEqual(item, b[index]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keysA = Object.keys(ra).filter((key) => ra[key] !== undefined);
  const keysB = Object.keys(rb).filter((key) => rb[key] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.prototype.hasOwnProperty.call(rb, key) && deepEqual(ra[key], rb[key]));
}

/** Whether two values of a column mean the same thing. */
export function valuesEqual(spec: ColumnSpec | undefined, a: unknown, b: unknown): boolean {
  const na = a === undefined ? null : a;
  const nb = b === undefined ? null : b;
  if (na === nb) return true;
  if (spec?.type === 'timestamptz' && typeof na === 'string' && typeof nb === 'string') {
    const ka = timestampKey(na);
    return ka !== null && ka === timestampKey(nb);
  }
  return deepEqual(na, nb);
}
