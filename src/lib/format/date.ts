/**
 * How dates and times read everywhere in the product: the one module that formats them
 * (lint forbids date-fns and the browser's locale formatting elsewhere). Spec §5 and §9:
 * detail pages spell the month out ('MMMM d, yyyy'), lists and tooltips abbreviate it
 * ('MMM d, yyyy'). Times are written on the 12-hour clock ('2:20 PM'), as US clinics and
 * the browsers' time pickers in en-US write them; a date with a time is the date, a comma
 * and the time. A missing date reads 'Not available' (or the caller's word); a value that
 * is not a date is shown as it is rather than hidden, so odd registry data stays visible.
 */
// One module per function, not the package's index: the index loads every date-fns function
// (hundreds of files), which Node and the tests pay for on each first import.
import { format } from 'date-fns/format';
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';

export const DETAIL_DATE_FORMAT = 'MMMM d, yyyy';
export const LIST_DATE_FORMAT = 'MMM d, yyyy';
export const TIME_FORMAT = 'h:mm a';
export const LIST_DATE_TIME_FORMAT = `${LIST_DATE_FORMAT}, ${TIME_FORMAT}`;
export const DETAIL_DATE_TIME_FORMAT = `${DETAIL_DATE_FORMAT}, ${TIME_FORMAT}`;
export const DATE_NOT_AVAILABLE = 'Not available';

export type DateInput = string | number | Date | null | undefined;

/**
 * A Date from an ISO text (timestamptz as Postgres sends it, or a registry 'yyyy-MM-dd'),
 * an epoch in milliseconds or a Date; null when missing or unparsable. parseISO, not
 * `new Date(text)`: a bare 'yyyy-MM-dd' must be that calendar day in the user's zone, not
 * UTC midnight (which is the day before anywhere in the Americas).
 */
export function parseDateInput(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value === 'number') {
    const date = new Date(value);
    return isValid(date) ? date : null;
  }
  const text = value.trim();
  if (text === '') return null;
  // Postgres writes timestamptz with a space between date and time: parseISO takes it as a 'T'.
  const date = parseISO(text);
  return isValid(date) ? date : null;
}

function isMissing(value: DateInput): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function formatWith(pattern: string, value: DateInput, whenMissing: string): string {
  if (isMissing(value)) return whenMissing;
  const date = parseDateInput(value);
  if (date) return format(date, pattern);
  return typeof value === 'string' ? value : String(value);
}

/** 'May 29, 2024' on detail pages; 'Not available' when missing; the raw text when unparsable. */
export function formatDetailDate(value: DateInput): string {
  return formatWith(DETAIL_DATE_FORMAT, value, DATE_NOT_AVAILABLE);
}

/** 'May 29, 2024' in lists and tooltips; `whenMissing` (default 'Not available') when missing. */
export function formatListDate(value: DateInput, whenMissing: string = DATE_NOT_AVAILABLE): string {
  return formatWith(LIST_DATE_FORMAT, value, whenMissing);
}

/** 'May 29, 2024, 2:20 PM' in lists, cards and tooltips. */
export function formatListDateTime(value: DateInput, whenMissing: string = DATE_NOT_AVAILABLE): string {
  return formatWith(LIST_DATE_TIME_FORMAT, value, whenMissing);
}

/** 'May 29, 2024, 2:20 PM' with the month spelled out, on detail pages. */
export function formatDetailDateTime(value: DateInput, whenMissing: string = DATE_NOT_AVAILABLE): string {
  return formatWith(DETAIL_DATE_TIME_FORMAT, value, whenMissing);
}

const CLOCK_TEXT = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;

/**
 * A time of day as a time input or Postgres `time` writes it ('14:05', '08:00:00') on the
 * 12-hour clock: '2:05 PM'. Empty text stays empty; anything else is shown as it is.
 */
export function formatClockTime(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  const match = CLOCK_TEXT.exec(text);
  if (!match) return text;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

/** A pickup or courier window: '8:00 AM–10:00 AM' (one end alone when the other is missing). */
export function formatTimeWindow(start: string | null | undefined, end: string | null | undefined): string {
  return [formatClockTime(start), formatClockTime(end)].filter(Boolean).join('–');
}

/** How long ago, from `now`: '5 minutes ago' ('in 5 minutes' for a time still to come). */
export function formatTimeAgo(value: DateInput, now: Date | number = Date.now()): string {
  const date = parseDateInput(value);
  return date ? formatDistanceStrict(date, now, { addSuffix: true }) : '';
}

/** A chart's day ('Nov 29'), for a calendar day given as UTC midnight in seconds or milliseconds. */
export function formatChartDay(epoch: number, unit: 'seconds' | 'milliseconds' = 'seconds'): string {
  const date = new Date(unit === 'seconds' ? epoch * 1000 : epoch);
  // The day as written in UTC: the chart's days are calendar days, not moments.
  return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()), 'MMM d');
}

/**
 * A timestamp on paper (requisitions, specimen labels), where width is scarce: numeric,
 * 24-hour and sortable, '2026-11-20 08:30', in the device's time zone; '' when missing.
 */
export function formatPaperDateTime(value: DateInput): string {
  const date = parseDateInput(value);
  return date ? format(date, 'yyyy-MM-dd HH:mm') : '';
}
