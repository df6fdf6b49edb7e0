import { describe, expect, it } from 'vitest';
import { dueOccurrences, nextOccurrence, occurrenceDue, standingProblem, type SeriesState } from './standing-orders.ts';

const first = new Date('2026-12-01T09:30:00.000Z');
const weekly12 = { every_days: 7, occurrences: 12 };
const series = (changes: Partial<SeriesState> = {}): SeriesState => ({ first, standing: weekly12, stoppedAt: null, created: [], ...changes });

describe('the repeat choice', () => {
  it.each([
    [{ every_days: 7, occurrences: 12 }, null],
    [{ every_days: 1, occurrences: 2 }, null],
    [{ every_days: 365, occurrences: 52 }, null],
    [null, 'Choose how often the order repeats.'],
    [[], 'Choose how often the order repeats.'],
    [{ every_days: 0, occurrences: 12 }, 'Repeat every 1 to 365 days.'],
    [{ every_days: 1.5, occurrences: 12 }, 'Repeat every 1 to 365 days.'],
    [{ every_days: 366, occurrences: 12 }, 'Repeat every 1 to 365 days.'],
    [{ every_days: 7, occurrences: 1 }, 'Repeat 2 to 52 times in all.'],
    [{ every_days: 7, occurrences: 53 }, 'Repeat 2 to 52 times in all.'],
    [{ every_days: 7 }, 'Repeat 2 to 52 times in all.'],
  ])('%j → %s', (standing, problem) => expect(standingProblem(standing)).toBe(problem));
});

describe('due dates', () => {
  it('puts occurrence k at the first collection plus (k - 1) intervals, the last at 11 weeks', () => {
    expect(occurrenceDue(first, weekly12, 1).toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(occurrenceDue(first, weekly12, 2).toISOString()).toBe('2026-12-08T09:30:00.000Z');
    expect(occurrenceDue(first, weekly12, 12).toISOString()).toBe('2027-02-16T09:30:00.000Z');
  });
  it('has no occurrence 0 nor one past the last', () => {
    expect(() => occurrenceDue(first, weekly12, 0)).toThrow('No occurrence 0 in a series of 12');
    expect(() => occurrenceDue(first, weekly12, 13)).toThrow('No occurrence 13 in a series of 12');
  });
});

describe('which occurrences are due', () => {
  it('none before the second falls due (the entered order is the first)', () => {
    expect(dueOccurrences(series(), new Date('2026-12-08T09:29:59.999Z'))).toEqual([]);
  });
  it('each one from the moment it falls due, and those missed while the job did not run', () => {
    expect(dueOccurrences(series(), new Date('2026-12-08T09:30:00.000Z'))).toEqual([2]);
    expect(dueOccurrences(series(), new Date('2026-12-23T00:00:00.000Z'))).toEqual([2, 3, 4]);
  });
  it('never one already created', () => {
    expect(dueOccurrences(series({ created: [2, 3] }), new Date('2026-12-23T00:00:00.000Z'))).toEqual([4]);
  });
  it('stops at the last occurrence', () => {
    expect(dueOccurrences(series(), new Date('2030-01-01T00:00:00.000Z'))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(nextOccurrence(series({ created: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }))).toBeNull();
  });
  it('none once the series is stopped', () => {
    const stopped = series({ stoppedAt: new Date('2026-12-10T00:00:00.000Z'), created: [2] });
    expect(dueOccurrences(stopped, new Date('2030-01-01T00:00:00.000Z'))).toEqual([]);
    expect(nextOccurrence(stopped)).toBeNull();
  });
  it('names the next occurrence and its due date', () => {
    expect(nextOccurrence(series({ created: [2] }))).toEqual({ occurrence: 3, due: new Date('2026-12-15T09:30:00.000Z') });
  });
});
