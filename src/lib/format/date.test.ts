/** Date display rules of spec §5 and §9. */
import { describe, expect, it } from 'vitest';
import {
  DATE_NOT_AVAILABLE,
  formatChartDay,
  formatClockTime,
  formatDetailDate,
  formatDetailDateTime,
  formatListDate,
  formatListDateTime,
  formatPaperDateTime,
  formatTimeAgo,
  formatTimeWindow,
  parseDateInput,
} from './date.ts';

describe('formatDetailDate', () => {
  it('spells the month out', () => {
    expect(formatDetailDate('2024-05-29')).toBe('May 29, 2024');
    expect(formatDetailDate('2024-01-05T12:00:00Z')).toBe('January 5, 2024');
    expect(formatDetailDate(new Date(2023, 11, 31, 10))).toBe('December 31, 2023');
  });

  it('reads a calendar date as that day in the local zone, not UTC midnight', () => {
    expect(formatDetailDate('2024-03-01')).toBe('March 1, 2024');
  });

  it('reads Postgres timestamptz text (space separator, short offset)', () => {
    expect(formatDetailDate('2024-07-04 12:30:00.123456+00')).toBe('July 4, 2024');
    // 23:30 at UTC-5 is 00:30 the next day in New York (UTC-4 in July), where the tests run.
    expect(formatDetailDate('2024-07-04 23:30:00-05')).toBe('July 5, 2024');
  });

  it("says 'Not available' when missing", () => {
    expect(formatDetailDate(null)).toBe('Not available');
    expect(formatDetailDate(undefined)).toBe('Not available');
    expect(formatDetailDate('   ')).toBe(DATE_NOT_AVAILABLE);
  });

  it('shows an unparsable value as it is', () => {
    expect(formatDetailDate('sometime in May')).toBe('sometime in May');
    expect(formatDetailDate('2024-13-45')).toBe('2024-13-45');
    expect(formatDetailDate(new Date('nope'))).toBe('Invalid Date');
    expect(formatDetailDate(Number.NaN)).toBe('NaN');
  });

  it('accepts an epoch in milliseconds', () => {
    expect(formatDetailDate(new Date(2024, 4, 29, 12).getTime())).toBe('May 29, 2024');
  });
});

describe('formatListDate', () => {
  it('abbreviates the month', () => {
    expect(formatListDate('2024-05-29')).toBe('May 29, 2024');
    expect(formatListDate('2024-09-03T12:00:00Z')).toBe('Sep 3, 2024');
  });

  it('uses the given text when missing, Not available by default', () => {
    expect(formatListDate(null)).toBe('Not available');
    expect(formatListDate('', 'Never')).toBe('Never');
  });

  it('shows an unparsable value as it is', () => {
    expect(formatListDate('n/a', 'Never')).toBe('n/a');
  });
});

describe('parseDateInput', () => {
  it('returns null for missing or invalid values and a Date otherwise', () => {
    expect(parseDateInput(null)).toBeNull();
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput('garbage')).toBeNull();
    expect(parseDateInput('2024-05-29')?.getDate()).toBe(29);
  });
});

describe('parseDateInput at its edges', () => {
  it('returns null for undefined, like null', () => {
    expect(parseDateInput(undefined)).toBeNull();
  });

  it('reads only ISO text, not what the browser would guess from other text', () => {
    expect(parseDateInput('May 29, 2024')).toBeNull();
    expect(parseDateInput('05/29/2024')).toBeNull();
  });

  it('reads a space between date and time as the same instant as a T, offset and fraction included', () => {
    expect(parseDateInput('2024-07-04 23:30:00-05')?.toISOString()).toBe('2024-07-05T04:30:00.000Z');
    expect(parseDateInput('2024-07-04 23:30:00-05')?.getTime()).toBe(parseDateInput('2024-07-04T23:30:00-05')?.getTime());
    expect(parseDateInput('2024-07-04 12:30:00.123456+00')?.toISOString()).toBe('2024-07-04T12:30:00.123Z');
    expect(parseDateInput('2024-07-04 12:30:00.5+05:30')?.toISOString()).toBe('2024-07-04T07:00:00.500Z');
  });

  it('ignores spaces around the text', () => {
    expect(parseDateInput(' 2024-05-29 ')?.getDate()).toBe(29);
  });
});

describe('dates with a time', () => {
  it('write the time on the 12-hour clock after the list or detail date', () => {
    // 07:18 UTC is 2:18 AM in New York (UTC-5 in November), where the tests run.
    expect(formatListDateTime('2026-11-27 07:18:00+00')).toBe('Nov 27, 2026, 2:18 AM');
    expect(formatDetailDateTime('2026-11-27T19:05:00Z')).toBe('November 27, 2026, 2:05 PM');
    expect(formatListDateTime(new Date(2026, 0, 2, 0, 30))).toBe('Jan 2, 2026, 12:30 AM');
    expect(formatListDateTime(new Date(2026, 0, 2, 12, 0))).toBe('Jan 2, 2026, 12:00 PM');
  });

  it('say the caller’s word when missing and show odd text as it is', () => {
    expect(formatListDateTime(null, '—')).toBe('—');
    expect(formatDetailDateTime(undefined)).toBe('Not available');
    expect(formatListDateTime('soon')).toBe('soon');
  });
});

describe('formatClockTime and formatTimeWindow', () => {
  it('write a time input’s 24-hour text on the 12-hour clock', () => {
    expect(formatClockTime('08:00')).toBe('8:00 AM');
    expect(formatClockTime('00:05')).toBe('12:05 AM');
    expect(formatClockTime('12:00')).toBe('12:00 PM');
    expect(formatClockTime('17:30:00')).toBe('5:30 PM');
    expect(formatClockTime('23:59:59.5')).toBe('11:59 PM');
  });

  it('leave empty and odd text as it is', () => {
    expect(formatClockTime('')).toBe('');
    expect(formatClockTime(null)).toBe('');
    expect(formatClockTime('24:00')).toBe('24:00');
    expect(formatClockTime('noon')).toBe('noon');
  });

  it('join a window with an en dash, or show the one end given', () => {
    expect(formatTimeWindow('08:00', '10:30')).toBe('8:00 AM–10:30 AM');
    expect(formatTimeWindow('13:00', '')).toBe('1:00 PM');
    expect(formatTimeWindow(null, null)).toBe('');
  });
});

describe('formatTimeAgo, formatChartDay and formatPaperDateTime', () => {
  it('say how long ago, or nothing for a missing date', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(formatTimeAgo('2026-11-29T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatTimeAgo('2026-11-29T14:00:00Z', now)).toBe('in 2 hours');
    expect(formatTimeAgo(null, now)).toBe('');
  });

  it('write a chart day as its UTC calendar day in any zone', () => {
    expect(formatChartDay(Date.parse('2026-11-29T00:00:00Z') / 1000)).toBe('Nov 29');
    expect(formatChartDay(Date.parse('2026-03-01T00:00:00Z'), 'milliseconds')).toBe('Mar 1');
  });

  it('write paper timestamps numerically in the device’s zone', () => {
    expect(formatPaperDateTime('2026-11-20T13:30:00Z')).toBe('2026-11-20 08:30');
    expect(formatPaperDateTime(null)).toBe('');
    expect(formatPaperDateTime('garbage')).toBe('');
  });
});
