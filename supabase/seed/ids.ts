/**
 * Stable ids and dates for the demo seed: the same names always give the same UUIDs and
 * timestamps, so regenerating supabase/seed.sql changes only what really changed, and
 * tests and docs may refer to a seeded row by its id.
 */
import { createHash } from 'node:crypto';

/** A name-based UUID (the RFC 9562 version 5 layout over SHA-1 of "demo-lab:<name>"). */
export function seedUuid(name: string): string {
  const bytes = createHash('sha1').update(`demo-lab:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The demo's "today": seeded history is dated before it. */
const SEED_BASE = Date.UTC(2026, 10, 1, 0, 0, 0);

/**
 * The moment the demo's activity is written around: noon of the base day. Orders, results,
 * pickups and alerts are seeded as their distance from it, added to the moment the seed runs
 * (render-sql.ts live()), so `npm start` shows today's orders on any day.
 */
export const SEED_NOW = new Date(SEED_BASE + 12 * 3_600_000).toISOString();

/** An ISO timestamp `days` before the seed's base date, at the given UTC hour and minute. */
export function daysAgo(days: number, hour = 14, minute = 0): string {
  return new Date(SEED_BASE - days * 86_400_000 + (hour * 60 + minute) * 60_000).toISOString();
}

/** NPPES spells names in capitals; the directory shows them as people write them. */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'])([a-z])/g, (_match, boundary: string, letter: string) => boundary + letter.toUpperCase());
}

/** A lowercase e-mail local part from a person's names ("Sean", "O'Brien" → "sean.obrien"). */
export function emailLocalPart(firstName: string, lastName: string): string {
  return `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
}
