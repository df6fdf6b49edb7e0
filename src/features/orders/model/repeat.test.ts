import { describe, expect, it } from 'vitest';
import { describeStanding, repeatStanding } from './repeat.ts';

describe('the repeat choice of order entry', () => {
  it('is no standing order by default', () => expect(repeatStanding({ unit: 'none', every: 'x', count: '' })).toEqual({ standing: null }));
  it('turns weeks into days', () => expect(repeatStanding({ unit: 'weeks', every: '1', count: '12' })).toEqual({ standing: { every_days: 7, occurrences: 12 } }));
  it('keeps days as days', () => expect(repeatStanding({ unit: 'days', every: ' 3 ', count: '5' })).toEqual({ standing: { every_days: 3, occurrences: 5 } }));
  it.each([
    [{ unit: 'weeks' as const, every: '', count: '12' }, 'Enter how often the order repeats and how many times, as whole numbers.'],
    [{ unit: 'weeks' as const, every: '1.5', count: '12' }, 'Enter how often the order repeats and how many times, as whole numbers.'],
    [{ unit: 'weeks' as const, every: '53', count: '12' }, 'Repeat every 1 to 365 days.'],
    [{ unit: 'days' as const, every: '1', count: '1' }, 'Repeat 2 to 52 times in all.'],
  ])('refuses %j', (choice, problem) => expect(repeatStanding(choice)).toEqual({ problem }));
  it('describes a series', () => {
    expect(describeStanding({ every_days: 7, occurrences: 12 })).toBe('Every week, 12 times in all');
    expect(describeStanding({ every_days: 14, occurrences: 6 })).toBe('Every 2 weeks, 6 times in all');
    expect(describeStanding({ every_days: 1, occurrences: 3 })).toBe('Every day, 3 times in all');
    expect(describeStanding({ every_days: 10, occurrences: 3 })).toBe('Every 10 days, 3 times in all');
  });
});
