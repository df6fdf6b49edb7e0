// The courier schedule's rules, applied by the schedule form and by the database (the
// checks private.is_pickup_schedule and private.is_closure_list, and the pickup_requests
// table, mirror them): pickup windows per weekday that end after they start and do not
// overlap; closures with a reason that end on or after the day they start; pickup
// requests for a date and a window with a number of specimens and a transport
// temperature. Times are 24-hour HH:MM texts, dates YYYY-MM-DD. Pure.

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export interface PickupWindow {
  day: Weekday;
  start: string;
  end: string;
}

export interface Closure {
  start: string;
  end: string;
  reason: string;
}

export const TRANSPORT_TEMPERATURES = ['ambient', 'refrigerated', 'frozen'] as const;
export type TransportTemperature = (typeof TRANSPORT_TEMPERATURES)[number];

export const TRANSPORT_TEMPERATURE_LABELS: Readonly<Record<TransportTemperature, string>> = {
  ambient: 'Ambient (room temperature)',
  refrigerated: 'Refrigerated (2–8 °C)',
  frozen: 'Frozen (−20 °C or colder)',
};

export const MAX_SPECIMENS_PER_PICKUP = 999;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isTime(value: unknown): value is string {
  return typeof value === 'string' && HHMM.test(value);
}

export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export function isWeekday(value: unknown): value is Weekday {
  return typeof value === 'string' && (WEEKDAYS as readonly string[]).includes(value);
}

export const WINDOW_END_BEFORE_START = 'A pickup window must end after it starts.';
export const WINDOW_TIME_INVALID = 'Enter times as HH:MM (24-hour).';
export const CLOSURE_END_BEFORE_START = 'A closure must end on or after the day it starts.';
export const CLOSURE_REASON_REQUIRED = 'Give a reason for the closure.';
export const CLOSURE_DATE_INVALID = 'Enter the closure dates.';

/** 'Pickup windows overlap on Monday: 09:00–11:00 and 10:30–12:00.' */
export function overlapMessage(day: Weekday, a: PickupWindow, b: PickupWindow): string {
  return `Pickup windows overlap on ${WEEKDAY_LABELS[day]}: ${a.start}–${a.end} and ${b.start}–${b.end}.`;
}

export interface ScheduleProblem {
  /** The window's position in the list. */
  index: number;
  message: string;
}

/** What is wrong with a list of pickup windows (empty when it is valid). */
export function scheduleProblems(windows: readonly PickupWindow[]): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  windows.forEach((window, index) => {
    if (!isTime(window.start) || !isTime(window.end)) problems.push({ index, message: WINDOW_TIME_INVALID });
    else if (window.end <= window.start) problems.push({ index, message: WINDOW_END_BEFORE_START });
  });
  if (problems.length > 0) return problems;
  for (let i = 0; i < windows.length; i++) {
    for (let j = i + 1; j < windows.length; j++) {
      const a = windows[i]!;
      const b = windows[j]!;
      // Touching windows (09:00–10:00, 10:00–11:00) do not overlap.
      if (a.day === b.day && a.start < b.end && b.start < a.end) {
        const [first, second] = a.start <= b.start ? [a, b] : [b, a];
        problems.push({ index: j, message: overlapMessage(a.day, first, second) });
      }
    }
  }
  return problems;
}

/** What is wrong with one closure, or null. */
export function closureProblem(closure: Closure): string | null {
  if (!isDate(closure.start) || !isDate(closure.end)) return CLOSURE_DATE_INVALID;
  if (closure.end < closure.start) return CLOSURE_END_BEFORE_START;
  if (closure.reason.trim() === '') return CLOSURE_REASON_REQUIRED;
  return null;
}

/** The windows in week order (Monday first), by start time. */
export function sortWindows(windows: readonly PickupWindow[]): PickupWindow[] {
  return [...windows].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** The weekday of a date (YYYY-MM-DD). */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7]!;
}

/** The closure covering a date, if any. */
export function closureOn(closures: readonly Closure[], date: string): Closure | null {
  return closures.find((closure) => closure.start <= date && date <= closure.end) ?? null;
}

export const PICKUP_DATE_REQUIRED = 'Choose the pickup date.';
export const PICKUP_DATE_PAST = 'The pickup date cannot be in the past.';
export const PICKUP_COUNT_INVALID = `Enter the number of specimens (1 to ${MAX_SPECIMENS_PER_PICKUP}).`;
export const PICKUP_TEMPERATURE_REQUIRED = 'Choose the transport temperature.';

export interface PickupRequestInput {
  pickup_date: string;
  window_start: string;
  window_end: string;
  specimen_count: number;
  transport_temperature: string;
}

/** What is wrong with a pickup request, field by field (empty when valid); `today` as YYYY-MM-DD. */
export function pickupRequestProblems(input: PickupRequestInput, today: string): Partial<Record<keyof PickupRequestInput, string>> {
  const problems: Partial<Record<keyof PickupRequestInput, string>> = {};
  if (!isDate(input.pickup_date)) problems.pickup_date = PICKUP_DATE_REQUIRED;
  else if (input.pickup_date < today) problems.pickup_date = PICKUP_DATE_PAST;
  if (!isTime(input.window_start)) problems.window_start = WINDOW_TIME_INVALID;
  if (!isTime(input.window_end)) problems.window_end = WINDOW_TIME_INVALID;
  else if (isTime(input.window_start) && input.window_end <= input.window_start) problems.window_end = WINDOW_END_BEFORE_START;
  if (!Number.isInteger(input.specimen_count) || input.specimen_count < 1 || input.specimen_count > MAX_SPECIMENS_PER_PICKUP) {
    problems.specimen_count = PICKUP_COUNT_INVALID;
  }
  if (!(TRANSPORT_TEMPERATURES as readonly string[]).includes(input.transport_temperature)) problems.transport_temperature = PICKUP_TEMPERATURE_REQUIRED;
  return problems;
}
