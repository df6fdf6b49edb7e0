/** The saved first page of a list: what it keeps of a row, per user and scope, and its clearing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../../tests/helpers/memory-storage.ts';
import { ProviderSearchIndex } from '../model/provider-search.ts';
import { clearFirstPages, keepFirstPageSaved, readFirstPage, saveFirstPage } from './first-page-snapshot.ts';
import { FIRST_PAGE_SIZE, type ListProvider, type ListSnapshot } from './provider-list-source.ts';


const provider = (n: number, extra: Partial<ListProvider> = {}): ListProvider =>
  ({ id: `p${String(n).padStart(4, '0')}`, first_name: 'Ann', last_name: `Doe${String(n).padStart(4, '0')}`, npi: '1234567893', ...extra }) as ListProvider;

beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('first page snapshot', () => {
  it('keeps the first page of a scope per user, with only what a row shows', () => {
    const rows = Array.from({ length: FIRST_PAGE_SIZE + 5 }, (_, i) =>
      provider(i, { nppes_data: { big: 'x'.repeat(100) }, pecos_verification_data: { npi: '1234567893', can_order_part_b: true } } as Partial<ListProvider>),
    );
    saveFirstPage('u1', 'all', rows);
    const saved = readFirstPage('u1', 'all');
    expect(saved).toHaveLength(FIRST_PAGE_SIZE);
    expect(saved?.[0]).not.toHaveProperty('nppes_data');
    expect(saved?.[0]?.pecos_verification_data).toEqual({ npi: '1234567893', can_order_part_b: true });
    expect(readFirstPage('u1', 'healthcare')).toBeNull();
    expect(readFirstPage('u2', 'all')).toBeNull();
  });

  it('is cleared for the user who signs out only', () => {
    saveFirstPage('u1', 'all', [provider(1)]);
    saveFirstPage('u1', 'healthcare', [provider(1)]);
    saveFirstPage('u2', 'all', [provider(2)]);
    clearFirstPages('u1');
    expect(readFirstPage('u1', 'all')).toBeNull();
    expect(readFirstPage('u1', 'healthcare')).toBeNull();
    expect(readFirstPage('u2', 'all')).toHaveLength(1);
  });

  it('saves the sorted first page once the list has been quiet for a moment', () => {
    vi.useFakeTimers();
    const index = new ProviderSearchIndex<ListProvider>('all', [provider(3), provider(1), provider(2)]);
    const listeners = new Set<() => void>();
    let snapshot: ListSnapshot = { phase: 'ready', firstRows: [], index, version: index.version, failure: null, error: null };
    const stop = keepFirstPageSaved('u1', {
      scope: 'all',
      subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
      getSnapshot: () => snapshot,
    });
    vi.advanceTimersByTime(1000);
    expect(readFirstPage('u1', 'all')?.map((row) => row.id)).toEqual(['p0001', 'p0002', 'p0003']);
    index.upsert(provider(0));
    snapshot = { ...snapshot, version: index.version };
    for (const listener of listeners) listener();
    vi.advanceTimersByTime(500);
    expect(readFirstPage('u1', 'all')).toHaveLength(3);
    vi.advanceTimersByTime(500);
    expect(readFirstPage('u1', 'all')?.map((row) => row.id)).toEqual(['p0000', 'p0001', 'p0002', 'p0003']);
    stop();
    expect(listeners.size).toBe(0);
  });
});
