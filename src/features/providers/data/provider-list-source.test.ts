/** The list source: first page, then the index, buffered and coalesced changes, failures. */
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderChange } from '../model/provider-search.ts';
import { ProviderListSource, type ListProvider, type ListSourceDeps } from './provider-list-source.ts';

function provider(id: string, first: string, last: string, npi: string | null = null): ListProvider {
  return { id, first_name: first, last_name: last, npi } as ListProvider;
}

const people = [
  provider('p1', 'Jane', 'Doe', '1234567893'),
  provider('p2', 'Ann', 'Smith'),
  provider('p3', 'Bo', 'Adams', '1003000126'),
];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const first = deferred<ListProvider[]>();
  const all = deferred<ListProvider[]>();
  const changes = new Subject<ProviderChange<ListProvider>>();
  const deps: ListSourceDeps = { firstRows: vi.fn(() => first.promise), allRows: vi.fn(() => all.promise), changes };
  return { first, all, changes, deps };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 5));
const ids = (rows: readonly ListProvider[]) => rows.map((row) => row.id);

afterEach(() => vi.restoreAllMocks());

describe('ProviderListSource', () => {
  it('paints the first page, then builds the index of the scope', async () => {
    const t = setup();
    const source = new ProviderListSource('healthcare', t.deps, 2);
    const seen: string[] = [];
    source.subscribe(() => seen.push(source.getSnapshot().phase));
    source.start();
    expect(source.getSnapshot().phase).toBe('loading');
    expect(t.deps.firstRows).toHaveBeenCalledWith(2);

    // The first page keeps only the scope's providers, even if the query returned others.
    t.first.resolve([people[2]!, people[1]!]);
    await flush();
    expect(source.getSnapshot()).toMatchObject({ phase: 'first-rows', index: null });
    expect(ids(source.getSnapshot().firstRows)).toEqual(['p3']);

    t.all.resolve(people);
    await flush();
    const snapshot = source.getSnapshot();
    expect(snapshot.phase).toBe('ready');
    expect(snapshot.firstRows).toEqual([]);
    expect(ids(snapshot.index!.query(''))).toEqual(['p3', 'p1']);
    expect(ids(snapshot.index!.query('doe'))).toEqual(['p1']);
    expect(seen).toEqual(['first-rows', 'ready']);
    source.stop();
  });

  it('applies changes that arrive while the full list is read', async () => {
    const t = setup();
    const source = new ProviderListSource('all', t.deps);
    source.start();
    t.first.resolve([]);
    t.changes.next({ type: 'upsert', row: provider('p4', 'Cy', 'Baker') });
    t.changes.next({ type: 'remove', id: 'p2' });
    t.all.resolve(people);
    await flush();
    expect(ids(source.getSnapshot().index!.rows())).toEqual(['p3', 'p4', 'p1']);
    source.stop();
  });

  it('applies later changes in one batch and publishes a new version', async () => {
    const t = setup();
    const source = new ProviderListSource('all', t.deps);
    source.start();
    t.first.resolve([]);
    t.all.resolve(people);
    await flush();
    const before = source.getSnapshot();
    const listener = vi.fn();
    source.subscribe(listener);

    t.changes.next({ type: 'upsert', row: provider('p2', 'Ann', 'Aaron') });
    t.changes.next({ type: 'upsert', row: provider('p5', 'Di', 'Zed') });
    expect(listener).not.toHaveBeenCalled();
    await flush();
    expect(listener).toHaveBeenCalledTimes(1);
    const after = source.getSnapshot();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.index).toBe(before.index);
    expect(ids(after.index!.rows())).toEqual(['p2', 'p3', 'p1', 'p5']);
    source.stop();
  });

  it("reports a failed read as 'fetch'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = setup();
    const source = new ProviderListSource('all', t.deps);
    source.start();
    t.first.reject(new Error('IndexedDB is broken'));
    await flush();
    expect(source.getSnapshot()).toMatchObject({ phase: 'error', failure: 'fetch' });
    expect((source.getSnapshot().error as Error).message).toBe('IndexedDB is broken');
    source.stop();
  });

  it("reports a broken change stream as 'unexpected' and keeps the rows it has", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = setup();
    const source = new ProviderListSource('all', t.deps);
    source.start();
    t.first.resolve([]);
    t.all.resolve(people);
    await flush();
    t.changes.error(new Error('database closed'));
    expect(source.getSnapshot()).toMatchObject({ phase: 'error', failure: 'unexpected' });
    expect(source.getSnapshot().index?.size).toBe(3);
    source.stop();
  });

  it('stops listening when stopped', async () => {
    const t = setup();
    const source = new ProviderListSource('all', t.deps);
    source.start();
    source.stop();
    expect(t.changes.observed).toBe(false);
    t.first.resolve(people);
    t.all.resolve(people);
    await flush();
    expect(source.getSnapshot().phase).toBe('loading');
  });
});
