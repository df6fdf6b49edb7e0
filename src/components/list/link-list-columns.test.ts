import { describe, expect, it } from 'vitest';
import { defineColumns } from './link-list-columns.ts';

describe('defineColumns', () => {
  const columns = defineColumns({
    test: { label: 'Test', flex: 2.2 },
    received: { label: 'Received', flex: 1.1, fromMd: true },
    status: { label: 'Status', flex: 1 },
  });

  it('lists the headings in the order the columns were named', () => {
    expect(columns.list).toEqual([
      { label: 'Test', flex: 2.2 },
      { label: 'Received', flex: 1.1, fromMd: true },
      { label: 'Status', flex: 1 },
    ]);
  });

  it("gives each column's cells the heading's share of the width, as one object for every render", () => {
    expect(columns.style).toEqual({ test: { flex: 2.2 }, received: { flex: 1.1 }, status: { flex: 1 } });
    expect(Object.isFrozen(columns.style.status)).toBe(true);
  });
});
