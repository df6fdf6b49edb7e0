/** JSON equality that ignores key order (jsonb reorders keys on the server). */
import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal.ts';

describe('jsonEqual', () => {
  it('ignores key order at every depth', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, { d: 'x', e: null }] } }, { b: { c: [1, { e: null, d: 'x' }] }, a: 1 })).toBe(true);
  });

  it('tells values, arrays and shapes apart', () => {
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
  });

  it('treats an undefined property as absent', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });
});
