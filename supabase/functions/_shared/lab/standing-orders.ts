// Standing orders (issue 31): a test repeated on a schedule, e.g. an INR every 7 days for 12
// occurrences. The entered order is occurrence 1 and carries `standing` {every_days,
// occurrences}; the server's scheduled function (standing-orders) creates occurrence k as a
// copy of it when k falls due: the first collection time plus (k - 1) × every_days days. The
// rule lives here so the order page (next due date) and the server agree; the database holds
// the same bounds (private.order_standing_is_valid) and the same arithmetic
// (public.standing_orders_run).

/** A type, not an interface: it must be assignable to the JSON column's type. */
export type Standing = {
  every_days: number;
  occurrences: number;
};

export const STANDING_LIMITS = { maxEveryDays: 365, minOccurrences: 2, maxOccurrences: 52 } as const;

const DAY_MS = 86_400_000;

/** The problem with a repeat choice, in the words the user reads, or null when it is valid. */
export function standingProblem(standing: unknown): string | null {
  if (standing === null || typeof standing !== 'object' || Array.isArray(standing)) return 'Choose how often the order repeats.';
  const { every_days: every, occurrences } = standing as Record<string, unknown>;
  if (!Number.isInteger(every) || (every as number) < 1 || (every as number) > STANDING_LIMITS.maxEveryDays) {
    return `Repeat every 1 to ${STANDING_LIMITS.maxEveryDays} days.`;
  }
  if (!Number.isInteger(occurrences) || (occurrences as number) < STANDING_LIMITS.minOccurrences || (occurrences as number) > STANDING_LIMITS.maxOccurrences) {
    return `Repeat ${STANDING_LIMITS.minOccurrences} to ${STANDING_LIMITS.maxOccurrences} times in all.`;
  }
  return null;
}

/** When occurrence `k` (1-based; 1 is the entered order) falls due: the first collection plus (k - 1) intervals. */
export function occurrenceDue(first: Date, standing: Standing, k: number): Date {
  if (!Number.isInteger(k) || k < 1 || k > standing.occurrences) throw new RangeError(`No occurrence ${k} in a series of ${standing.occurrences}`);
  return new Date(first.getTime() + (k - 1) * standing.every_days * DAY_MS);
}

export interface SeriesState {
  /** The first collection time (the entered order's). */
  first: Date;
  standing: Standing;
  /** When the series was stopped, or null. */
  stoppedAt: Date | null;
  /** The occurrences already created (occurrence 1 is the entered order itself). */
  created: readonly number[];
}

/** The occurrences due at `now` and not yet created, in order; none once stopped or complete. */
export function dueOccurrences(series: SeriesState, now: Date): number[] {
  if (series.stoppedAt) return [];
  const done = new Set([1, ...series.created]);
  const due: number[] = [];
  for (let k = 2; k <= series.standing.occurrences; k += 1) {
    if (occurrenceDue(series.first, series.standing, k).getTime() > now.getTime()) break;
    if (!done.has(k)) due.push(k);
  }
  return due;
}

/** The next occurrence still to be created and when it falls due, or null (stopped, or the last one exists). */
export function nextOccurrence(series: SeriesState): { occurrence: number; due: Date } | null {
  if (series.stoppedAt) return null;
  const done = new Set([1, ...series.created]);
  for (let k = 2; k <= series.standing.occurrences; k += 1) {
    if (!done.has(k)) return { occurrence: k, due: occurrenceDue(series.first, series.standing, k) };
  }
  return null;
}
