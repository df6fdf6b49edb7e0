/**
 * How dates read on screen (spec §5 and §9): detail pages spell the month out
 * ('MMMM d, yyyy'), lists and tooltips abbreviate it ('MMM d, yyyy'). A missing date reads
 * 'Not available'; a value that is not a date is shown as it is rather than hidden, so odd
 * registry data stays visible to staff.
 */
import { format, isValid, parseISO } from 'date-fns';

export const DETAIL_DATE_FORMAT = 'MMMM d, yyyy';
export const LIST_DATE_FORMAT = 'MMM d, yyyy';
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
