// HL7 v2 dates (DT: YYYYMMDD) and times (DTM/TS: YYYY[MM[DD[HH[MM[SS[.S[S[S[S]]]]]]]]][+/-ZZZZ]).
// Times are written with an explicit UTC offset so a receiver never has to guess the zone;
// the offset defaults to +0000 and can be the clinic's own. Reading is strict: a time that
// is not of this shape is an error, not a guess. A time without an offset is read as UTC.
import { Hl7Error } from './errors.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HL7_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const HL7_TIME = /^(\d{4})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:\.(\d{1,4}))?)?)?)?)?)?([+-]\d{4})?$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function validCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An instant as an HL7 time to the second, with its UTC offset (`+0000` unless given). */
export function formatHl7Time(instant: Date | string, offsetMinutes = 0, location: string | null = null): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new Hl7Error(`"${String(instant)}" is not a date and time`, location);
  if (!Number.isInteger(offsetMinutes) || Math.abs(offsetMinutes) > 14 * 60) {
    throw new Hl7Error(`UTC offset ${offsetMinutes} minutes is out of range`, location);
  }
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${pad(local.getUTCFullYear(), 4)}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}` +
    `${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
  );
}

/** A calendar date `YYYY-MM-DD` as HL7 `YYYYMMDD`. */
export function formatHl7Date(isoDate: string, location: string | null = null): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match || !validCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    throw new Hl7Error(`"${isoDate}" is not a date of the form YYYY-MM-DD`, location);
  }
  return `${match[1]}${match[2]}${match[3]}`;
}

/** HL7 `YYYYMMDD` as `YYYY-MM-DD`. */
export function parseHl7Date(text: string, location: string | null = null): string {
  const match = HL7_DATE.exec(text);
  if (!match || !validCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    throw new Hl7Error(`"${text}" is not a date of the form YYYYMMDD`, location);
  }
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** An HL7 time of any precision as an ISO 8601 instant in UTC (`…Z`). */
export function parseHl7Time(text: string, location: string | null = null): string {
  const match = HL7_TIME.exec(text);
  if (!match) throw new Hl7Error(`"${text}" is not an HL7 time (YYYYMMDDHHMMSS[+/-ZZZZ])`, location);
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', fraction = '', zone = '+0000'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const zoneHours = Number(zone.slice(1, 3));
  const zoneMinutes = Number(zone.slice(3, 5));
  if (!validCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59 || zoneHours > 14 || zoneMinutes > 59) {
    throw new Hl7Error(`"${text}" is not a valid HL7 time`, location);
  }
  const millis = fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0;
  const offset = (zone.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60_000;
  return new Date(utc).toISOString();
}
