import { describe, expect, test } from 'vitest';
import { parseBanDuration } from './ban-duration.ts';

describe('parseBanDuration', () => {
  test('reads Go duration strings', () => {
    expect(parseBanDuration('24h')).toBe(24 * 3_600_000);
    expect(parseBanDuration('1h30m')).toBe(90 * 60_000);
    expect(parseBanDuration('1.5s')).toBe(1500);
    expect(parseBanDuration('250ms')).toBe(250);
  });

  test('"none" lifts the ban', () => {
    expect(parseBanDuration('none')).toBeNull();
  });

  test('refuses anything else as GoTrue does', () => {
    for (const value of ['', '24', 'h', '1d', '-1h', '1h ']) {
      expect(() => parseBanDuration(value)).toThrow(`invalid format for ban duration: time: invalid duration "${value}"`);
    }
  });
});
