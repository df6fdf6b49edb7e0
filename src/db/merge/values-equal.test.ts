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
    expect(valuesEqual({ type: 'timestamptz', nullable: true }, 'yesterday', 'today')).toBe(false);
  });
});

describe('deepEqual / valuesEqual', () => {
  it('ignores key order and undefined keys in objects', () => {
    expect(deepEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1, d: undefined })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
  });

  it('treats undefined as null', () => {
    expect(valuesEqual({ type: 'text', nullable: true }, undefined, null)).toBe(true);
    expect(valuesEqual({ type: 'text', nullable: true }, 'a', null)).toBe(false);
  });
});
