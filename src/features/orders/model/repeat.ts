/**
 * The "Repeat" choice of order entry (standing orders, issue 31): none, or every N days or
 * weeks for M occurrences in all (the entered order is the first). Turned into the order's
 * `standing` column {every_days, occurrences}, held to the shared rule's bounds
 * (src/lib/lab/standing-orders.ts) that the server's check constraint holds too.
 */
import { standingProblem, type Standing } from '../../../lib/lab/standing-orders.ts';

export type RepeatUnit = 'none' | 'days' | 'weeks';

export interface RepeatChoice {
  unit: RepeatUnit;
  /** N, as typed. */
  every: string;
  /** M (occurrences in all), as typed. */
  count: string;
}

export const NO_REPEAT: RepeatChoice = { unit: 'none', every: '1', count: '12' };

const WHOLE = /^\d{1,3}$/;

/** The order's `standing` for the choice: null for no repeat; a problem when the numbers are not valid. */
export function repeatStanding(choice: RepeatChoice): { standing: Standing | null } | { problem: string } {
  if (choice.unit === 'none') return { standing: null };
  if (!WHOLE.test(choice.every.trim()) || !WHOLE.test(choice.count.trim())) return { problem: 'Enter how often the order repeats and how many times, as whole numbers.' };
  const standing = { every_days: Number(choice.every.trim()) * (choice.unit === 'weeks' ? 7 : 1), occurrences: Number(choice.count.trim()) };
  const problem = standingProblem(standing);
  return problem ? { problem } : { standing };
}

/** "Every 7 days, 12 times in all" / "Every week, …": how a series is described. */
export function describeStanding(standing: Standing): string {
  const every = standing.every_days % 7 === 0
    ? standing.every_days === 7 ? 'week' : `${standing.every_days / 7} weeks`
    : standing.every_days === 1 ? 'day' : `${standing.every_days} days`;
  return `Every ${every}, ${standing.occurrences} times in all`;
}
