import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffByKey, importReport, refusedRow, reportChangesSomething, sameValue } from './import-diff.ts';

interface Item {
  id: string;
  name: string;
  tags: string[];
}

const options = { key: (item: Item) => item.id, fields: ['name', 'tags'] as const, removeMissing: false };

describe('diffByKey', () => {
  const current: Item[] = [
    { id: 'A', name: 'Alpha', tags: ['x'] },
    { id: 'B', name: 'Beta', tags: [] },
    { id: 'C', name: 'Gamma', tags: [] },
  ];

  it('sorts incoming items into added, changed (naming the fields) and unchanged', () => {
    const diff = diffByKey(
      current,
      [
        { line: 2, item: { id: 'A', name: 'Alpha', tags: ['x'] } },
        { line: 3, item: { id: 'B', name: 'Bravo', tags: ['y'] } },
        { line: 4, item: { id: 'D', name: 'Delta', tags: [] } },
      ],
      options,
    );
    expect(diff.rows).toEqual([
      { line: 2, key: 'A', outcome: 'unchanged', reasons: [], fields: [] },
      { line: 3, key: 'B', outcome: 'changed', reasons: [], fields: ['name', 'tags'] },
      { line: 4, key: 'D', outcome: 'added', reasons: [], fields: [] },
    ]);
    expect(diff.writes.map((item) => item.id)).toEqual(['B', 'D']);
    expect(diff.removals).toEqual([]);
  });

  it('removes the current items a whole release does not list', () => {
    const diff = diffByKey(current, [{ line: 2, item: { id: 'B', name: 'Beta', tags: [] } }], { ...options, removeMissing: true });
    expect(diff.removals).toEqual(['A', 'C']);
    expect(diff.rows).toEqual([
      { line: 2, key: 'B', outcome: 'unchanged', reasons: [], fields: [] },
      { line: null, key: 'A', outcome: 'removed', reasons: [], fields: [] },
      { line: null, key: 'C', outcome: 'removed', reasons: [], fields: [] },
    ]);
  });

  it('compares only the listed fields', () => {
    const diff = diffByKey(current, [{ line: 2, item: { id: 'A', name: 'Alpha', tags: ['other'] } }], { ...options, fields: ['name'] as const });
    expect(diff.rows[0]!.outcome).toBe('unchanged');
  });

  it('writes exactly the added and changed items, whatever they are', () => {
    const item = fc.record({ id: fc.constantFrom('A', 'B', 'C', 'D', 'E'), name: fc.constantFrom('Alpha', 'Beta', 'x'), tags: fc.constant([] as string[]) });
    fc.assert(
      fc.property(fc.uniqueArray(item, { selector: (value) => value.id }), fc.boolean(), (incoming, removeMissing) => {
        const diff = diffByKey(current, incoming.map((value, index) => ({ line: index + 2, item: value })), { ...options, removeMissing });
        const changedOrAdded = diff.rows.filter((row) => row.outcome === 'added' || row.outcome === 'changed').map((row) => row.key);
        expect(diff.writes.map((value) => value.id)).toEqual(changedOrAdded);
        const listed = new Set(incoming.map((value) => value.id));
        expect(diff.removals).toEqual(removeMissing ? current.map((value) => value.id).filter((id) => !listed.has(id)) : []);
      }),
    );
  });
});

describe('importReport', () => {
  it('counts every outcome, lists every row but the unchanged in line order, removals last', () => {
    const report = importReport(
      5,
      [
        { line: 4, key: 'D', outcome: 'added', reasons: [], fields: [] },
        { line: 2, key: 'A', outcome: 'unchanged', reasons: [], fields: [] },
        { line: null, key: 'Z', outcome: 'removed', reasons: [], fields: [] },
        { line: null, key: 'Y', outcome: 'removed', reasons: [], fields: [] },
        { line: 3, key: 'B', outcome: 'changed', reasons: [], fields: ['name'] },
      ],
      [refusedRow(5, null, ['code: required.'])],
    );
    expect(report).toEqual({
      read: 5,
      counts: { added: 1, changed: 1, unchanged: 1, removed: 2, refused: 1 },
      rows: [
        { line: 3, key: 'B', outcome: 'changed', reasons: [], fields: ['name'] },
        { line: 4, key: 'D', outcome: 'added', reasons: [], fields: [] },
        { line: 5, key: null, outcome: 'refused', reasons: ['code: required.'], fields: [] },
        { line: null, key: 'Y', outcome: 'removed', reasons: [], fields: [] },
        { line: null, key: 'Z', outcome: 'removed', reasons: [], fields: [] },
      ],
      blocked: null,
    });
    expect(reportChangesSomething(report)).toBe(true);
  });

  it('changes nothing when blocked or when every row is unchanged or refused', () => {
    const unchanged = importReport(1, [{ line: 2, key: 'A', outcome: 'unchanged', reasons: [], fields: [] }], [refusedRow(3, 'B', ['x'])]);
    expect(reportChangesSomething(unchanged)).toBe(false);
    const blocked = importReport(1, [{ line: 2, key: 'A', outcome: 'added', reasons: [], fields: [] }], [], 'Bad file.');
    expect(blocked.blocked).toBe('Bad file.');
    expect(reportChangesSomething(blocked)).toBe(false);
    for (const outcome of ['added', 'changed', 'removed'] as const) {
      expect(reportChangesSomething(importReport(1, [{ line: 2, key: 'A', outcome, reasons: [], fields: [] }], []))).toBe(true);
    }
  });

  it('copies the reasons of a refused row', () => {
    const reasons = ['a'];
    const row = refusedRow(2, 'K', reasons);
    reasons.push('b');
    expect(row).toEqual({ line: 2, key: 'K', outcome: 'refused', reasons: ['a'], fields: [] });
  });
});

describe('sameValue', () => {
  it('compares lists and objects by content', () => {
    expect(sameValue(['a'], ['a'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue({ low: 1, high: null }, { low: 1, high: null })).toBe(true);
    expect(sameValue(null, { low: 1 })).toBe(false);
    expect(sameValue({ low: 1, high: 2, unit: 'x' }, { unit: 'x', high: 2, low: 1 })).toBe(true);
  });
});
