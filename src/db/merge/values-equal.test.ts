import { describe, expect, it } from 'vitest';
import { compareTimestamps, deepEqual, timestampKey, valuesEqual } from './values-equal.ts';

describe('timestamps', () => {
  it('reads the server and browser spellings of one instant alike', () => {
    const server = timestampKey('2026-11-21T10:00:00.123+00:00');
    expect(server).not.toBeNull();
    expect(timestampKey('2026-11-21T10:00:00.123Z')).toBe(server);
    expect(timestampKey('2026-11-21 12:00:00.123+02')).toBe(server);
    expect(timestampKey('2026-11-21T10:00:00.123000+00:00')).toBe(server);
  });

  it('keeps microseconds', () => {
    expect(timestampKey('2026-11-21T10:00:00.123456+00:00')).not.toBe(timestampKey('2026-11-21T10:00:00.123457+00:00'));
    expect(compareTimestamps('2026-11-21T10:00:00.123456+00:00', '2026-11-21T10:00:00.123457+00:00')).toBe(-1);
    expect(compareTimestamps('2026-11-21T10:00:01Z', '2026-11-21T10:00:00.999999+00:00')).toBe(1);
  });

  it('returns null for text that is not a timestamp', () => {
    expect(timestampKey('yesterday')).toBeNull();
    expect(timestampKey('2026-11-21')).toBeNull();
    expect(timestampKey('2026-11-21T10')).toBeNull();
    expect(timestampKey('2026-11-21T10:00:00.123+00:00 and more')).toBeNull();
    expect(valuesEqual({ type: 'timestamptz', nullable: true }, 'yesterday', 'today')).toBe(false);
    expect(valuesEqual({ type: 'timestamptz', nullable: true }, 'yesterday', 'yesterday')).toBe(true);
  });

  it('reads negative offsets, with and without minutes, and lower-case z', () => {
    const utc = timestampKey('2026-11-21T15:30:00Z');
    expect(timestampKey('2026-11-21T10:30:00-05:00')).toBe(utc);
    expect(timestampKey('2026-11-21T10:30:00-05')).toBe(utc);
    expect(timestampKey('2026-11-21T10:00:00-0530')).toBe(utc);
    expect(timestampKey('2026-11-21T21:00:00+0530')).toBe(utc);
    expect(timestampKey('2026-11-21t15:30:00z')).toBe(utc);
    expect(timestampKey('  2026-11-21 15:30Z  ')).toBe(utc);
    expect(timestampKey('2026-11-21T15:30:00.5Z')).toBe(`${Date.UTC(2026, 10, 21, 15, 30) / 1000}.500000`);
  });

  it('reads a time without a fraction as .000000', () => {
    expect(timestampKey('2026-11-21T10:00:00Z')).toBe(timestampKey('2026-11-21T10:00:00.000000Z'));
    expect(timestampKey('2026-11-21T10:00Z')).toBe(`${Date.UTC(2026, 10, 21, 10) / 1000}.000000`);
  });

  it('keeps microseconds only: a longer fraction is cut, not rounded', () => {
    expect(timestampKey('2026-11-21T10:00:00.123456789Z')).toBe(timestampKey('2026-11-21T10:00:00.123456Z'));
  });

  it('orders unparsable values as text, and equal instants as equal', () => {
    expect(compareTimestamps('not a time', '2026-11-21T10:00:00Z')).toBe(1);
    expect(compareTimestamps('b', 'a')).toBe(1);
    expect(compareTimestamps('a', 'b')).toBe(-1);
    expect(compareTimestamps('a', 'a')).toBe(0);
    expect(compareTimestamps('2026-11-21T10:00:00Z', 'not a time')).toBe(-1);
    expect(compareTimestamps('2026-11-21T10:00:00.000001Z', '2026-11-21T05:00:00.000001-05:00')).toBe(0);
    expect(compareTimestamps('2026-11-21T10:00:00.000002Z', '2026-11-21T10:00:00.000001Z')).toBe(1);
    expect(compareTimestamps('2026-11-21T09:59:59.999999Z', '2026-11-21T10:00:00Z')).toBe(-1);
  });
});

describe('deepEqual / valuesEqual', () => {
  it('ignores key order and undefined keys in objects', () => {
    expect(deepEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1, d: undefined })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
  });

  it('tells apart objects that differ in one of several keys, or by an extra key', () => {
    const nppes = { result_count: 1, results: [{ number: '1234567893', basic: { first_name: 'JANE', last_name: 'DOE' } }] };
    const renamed = { result_count: 1, results: [{ number: '1234567893', basic: { first_name: 'JANE', last_name: 'ROE' } }] };
    expect(deepEqual(nppes, renamed)).toBe(false);
    expect(deepEqual({ a: 1, b: 2, c: 3 }, { a: 1, b: 2, c: 4 })).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1, b: 2, c: 3 })).toBe(false);
    expect(deepEqual({ a: 1, b: 2, c: 3 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(valuesEqual({ type: 'jsonb', nullable: true }, nppes, renamed)).toBe(false);
  });

  it('tells apart arrays that differ in one of several items, or by length', () => {
    const reports = ['a@clinic.test', 'b@clinic.test', 'c@clinic.test'];
    expect(deepEqual(reports, ['a@clinic.test', 'b@clinic.test', 'd@clinic.test'])).toBe(false);
    expect(deepEqual(reports, ['a@clinic.test', 'x@clinic.test', 'c@clinic.test'])).toBe(false);
    expect(deepEqual(reports, [...reports, 'd@clinic.test'])).toBe(false);
    expect(deepEqual(reports, [...reports])).toBe(true);
    expect(valuesEqual({ type: 'text[]', nullable: false }, reports, ['a@clinic.test', 'b@clinic.test'])).toBe(false);
    expect(deepEqual({}, [])).toBe(false);
    expect(deepEqual(1, '1')).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual({}, null)).toBe(false);
    expect(deepEqual({}, 1)).toBe(false);
    expect(deepEqual(1, {})).toBe(false);
    expect(deepEqual([undefined], [])).toBe(false);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });

  it('treats undefined as null', () => {
    expect(valuesEqual({ type: 'text', nullable: true }, undefined, null)).toBe(true);
    expect(valuesEqual({ type: 'text', nullable: true }, 'a', null)).toBe(false);
  });
});
