/** The protected lists: one source per list and database, shared, kept a while, dropped with the database. */
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalDatabase } from '../../db/index.ts';
import { acquireProtectedList, type ProtectedListDefinition } from './protected-list.ts';
import type { ListChange } from './search-index.ts';
import { textIndexSpec } from './text-index-spec.ts';

type Row = { id: string; name: string };

function fakeDatabase(): LocalDatabase & { close(): Promise<void> } {
  const onClose: Array<() => Promise<void>> = [];
  return { onClose, close: async () => void (await Promise.all(onClose.map((run) => run()))) } as unknown as LocalDatabase & { close(): Promise<void> };
}

function definition(rows: () => Promise<Row[]>) {
  const changes = new Subject<ListChange<Row>>();
  const reads = { count: 0 };
  const list: ProtectedListDefinition<Row> = {
    name: 'test',
    index: textIndexSpec<Row>({ sortText: (row) => [row.name], searchText: (row) => [row.name], matchWords: true }),
    deps: () => ({
      allRows: () => {
        reads.count += 1;
        return rows();
      },
      changes,
    }),
  };
  return { list, changes, reads };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(1);
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('acquireProtectedList', () => {
  it('reads once for every view of the database, and follows the changes', async () => {
    vi.useFakeTimers();
    const db = fakeDatabase();
    const { list, changes, reads } = definition(async () => [
      { id: 'b', name: 'Okafor Ada' },
      { id: 'a', name: 'Whitfield Eleanor' },
    ]);
    const first = acquireProtectedList(list, db, null);
    const second = acquireProtectedList(list, db, null);
    expect(second.source).toBe(first.source);
    await settle();
    expect(reads.count).toBe(1);
    expect(first.source.getSnapshot().index?.queryIds('eleanor whit')).toEqual(['a']);
    changes.next({ type: 'upsert', row: { id: 'c', name: 'Abbott Ann' } });
    await settle();
    expect(first.source.getSnapshot().index?.queryIds('')).toEqual(['c', 'b', 'a']);
    first.release();
    second.release();
  });

  it('is kept a while after the last view leaves, then read again', async () => {
    vi.useFakeTimers();
    const db = fakeDatabase();
    const { list, reads } = definition(async () => [{ id: 'a', name: 'Ann' }]);
    const view = acquireProtectedList(list, db, null, { ttlMs: 1000 });
    await settle();
    view.release();
    await vi.advanceTimersByTimeAsync(500);
    const back = acquireProtectedList(list, db, null, { ttlMs: 1000 });
    expect(back.source).toBe(view.source);
    back.release();
    await vi.advanceTimersByTimeAsync(1001);
    const later = acquireProtectedList(list, db, null, { ttlMs: 1000 });
    expect(later.source).not.toBe(view.source);
    await settle();
    expect(reads.count).toBe(2);
    later.release();
  });

  it('drops everything it read when the database closes (lock, sign-out)', async () => {
    vi.useFakeTimers();
    const db = fakeDatabase();
    const { list, changes } = definition(async () => [{ id: 'a', name: 'Ann' }]);
    const view = acquireProtectedList(list, db, null);
    await settle();
    const seen: number[] = [];
    view.source.subscribe(() => seen.push(view.source.getSnapshot().version));
    expect(changes.observed).toBe(true);
    await db.close();
    expect(changes.observed).toBe(false);
    changes.next({ type: 'upsert', row: { id: 'b', name: 'Bo' } });
    await settle();
    expect(seen).toEqual([]);
    // Another database (after unlock) starts its own list.
    const other = acquireProtectedList(list, fakeDatabase(), null);
    expect(other.source).not.toBe(view.source);
    other.release();
  });

  it('starts again after a failed read', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const db = fakeDatabase();
    let fail = true;
    const { list } = definition(async () => {
      if (fail) throw new Error('the storage is gone');
      return [{ id: 'a', name: 'Ann' }];
    });
    const view = acquireProtectedList(list, db, null);
    await settle();
    expect(view.source.getSnapshot().phase).toBe('error');
    fail = false;
    const again = acquireProtectedList(list, db, null);
    await settle();
    expect(again.source).not.toBe(view.source);
    expect(again.source.getSnapshot().index?.queryIds('')).toEqual(['a']);
    again.release();
  });
});
