import { describe, expect, it } from 'vitest';
import { closureOn, closureProblem, pickupRequestProblems, scheduleProblems, sortWindows, weekdayOf, type PickupWindow } from './schedule-rules.ts';

const w = (day: PickupWindow['day'], start: string, end: string): PickupWindow => ({ day, start, end });

describe('pickup windows', () => {
  it('accepts several windows a day that do not overlap (touching is fine)', () => {
    expect(scheduleProblems([w('mon', '09:00', '10:00'), w('mon', '10:00', '11:30'), w('tue', '09:30', '10:00')])).toEqual([]);
  });

  it('refuses a window that does not end after it starts', () => {
    expect(scheduleProblems([w('mon', '10:00', '10:00'), w('tue', '11:00', '09:00')])).toEqual([
      { index: 0, message: 'A pickup window must end after it starts.' },
      { index: 1, message: 'A pickup window must end after it starts.' },
    ]);
    expect(scheduleProblems([w('mon', '9:00', '10:00')])).toEqual([{ index: 0, message: 'Enter times as HH:MM (24-hour).' }]);
  });

  it('refuses overlapping windows of one day, naming both', () => {
    expect(scheduleProblems([w('wed', '10:30', '12:00'), w('wed', '09:00', '11:00'), w('thu', '09:00', '11:00')])).toEqual([
      { index: 1, message: 'Pickup windows overlap on Wednesday: 09:00–11:00 and 10:30–12:00.' },
    ]);
  });

  it('sorts windows Monday first, then by start', () => {
    expect(sortWindows([w('sun', '08:00', '09:00'), w('mon', '14:00', '15:00'), w('mon', '08:00', '09:00')])).toEqual([
      w('mon', '08:00', '09:00'),
      w('mon', '14:00', '15:00'),
      w('sun', '08:00', '09:00'),
    ]);
  });
});

describe('closures', () => {
  it('need dates in order and a reason', () => {
    expect(closureProblem({ start: '2026-12-24', end: '2026-12-26', reason: 'Holidays' })).toBeNull();
    expect(closureProblem({ start: '2026-12-24', end: '2026-12-23', reason: 'Holidays' })).toBe('A closure must end on or after the day it starts.');
    expect(closureProblem({ start: '2026-12-24', end: '2026-12-24', reason: '  ' })).toBe('Give a reason for the closure.');
    expect(closureProblem({ start: '2026-02-30', end: '2026-03-01', reason: 'x' })).toBe('Enter the closure dates.');
  });

  it('find the closure covering a date, and the weekday of a date', () => {
    const closures = [{ start: '2026-12-24', end: '2026-12-26', reason: 'Holidays' }];
    expect(closureOn(closures, '2026-12-25')?.reason).toBe('Holidays');
    expect(closureOn(closures, '2026-12-27')).toBeNull();
    expect(weekdayOf('2026-11-25')).toBe('wed');
    expect(weekdayOf('2026-11-29')).toBe('sun');
  });
});

describe('pickup requests', () => {
  const valid = { pickup_date: '2026-11-26', window_start: '14:00', window_end: '16:00', specimen_count: 12, transport_temperature: 'refrigerated' };
  it('accept a date from today, a window that ends after it starts, 1 to 999 specimens and a temperature', () => {
    expect(pickupRequestProblems(valid, '2026-11-26')).toEqual({});
  });
  it('say what is wrong, field by field', () => {
    expect(
      pickupRequestProblems({ pickup_date: '2026-11-24', window_start: '16:00', window_end: '15:00', specimen_count: 0, transport_temperature: 'warm' }, '2026-11-25'),
    ).toEqual({
      pickup_date: 'The pickup date cannot be in the past.',
      window_end: 'A pickup window must end after it starts.',
      specimen_count: 'Enter the number of specimens (1 to 999).',
      transport_temperature: 'Choose the transport temperature.',
    });
    expect(pickupRequestProblems({ ...valid, pickup_date: '' }, '2026-11-25').pickup_date).toBe('Choose the pickup date.');
  });
});
