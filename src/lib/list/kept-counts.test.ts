/** A dashboard card's figures kept for the next visit: per user, per name, only on the day they were counted. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.ts';
import { clearKeptCounts, keepCounts, readKeptCounts } from './kept-counts.ts';


let store: MemoryStorage;
beforeEach(() => vi.stubGlobal('localStorage', (store = new MemoryStorage())));
afterEach(() => vi.unstubAllGlobals());

describe('kept counts', () => {
  it('gives back the counts kept for a user and name on the same day', () => {
    keepCounts('u1', 'verification-health', { enrolled: 12, stale: 3 }, 'Thu Nov 26 2026');
    keepCounts('u2', 'verification-health', { enrolled: 99, stale: 0 }, 'Thu Nov 26 2026');
    expect(readKeptCounts('u1', 'verification-health', 'Thu Nov 26 2026')).toEqual({ enrolled: 12, stale: 3 });
    expect(readKeptCounts('u2', 'verification-health', 'Thu Nov 26 2026')).toEqual({ enrolled: 99, stale: 0 });
    expect(readKeptCounts('u1', 'organization-figures', 'Thu Nov 26 2026')).toBeNull();
  });

  it('does not reuse yesterday’s counts: the 90-day and one-year rules move with the date', () => {
    keepCounts('u1', 'verification-health', { stale: 3 }, 'Wed Nov 25 2026');
    expect(readKeptCounts('u1', 'verification-health', 'Thu Nov 26 2026')).toBeNull();
  });

  it('ignores what is not a set of counts', () => {
    store.setItem('labdir-kept-counts:u1:a', '{not json');
    store.setItem('labdir-kept-counts:u1:b', JSON.stringify({ day: 'Thu Nov 26 2026', counts: { enrolled: -1 } }));
    store.setItem('labdir-kept-counts:u1:c', JSON.stringify({ day: 'Thu Nov 26 2026', counts: { enrolled: '4' } }));
    for (const name of ['a', 'b', 'c']) expect(readKeptCounts('u1', name, 'Thu Nov 26 2026')).toBeNull();
  });

  it('clears one user’s counts at sign-out and keeps the others’', () => {
    keepCounts('u1', 'verification-health', { enrolled: 1 }, 'Thu Nov 26 2026');
    keepCounts('u1', 'organization-figures', { pickup_today: 2 }, 'Thu Nov 26 2026');
    keepCounts('u10', 'verification-health', { enrolled: 5 }, 'Thu Nov 26 2026');
    clearKeptCounts('u1');
    expect(readKeptCounts('u1', 'verification-health', 'Thu Nov 26 2026')).toBeNull();
    expect(readKeptCounts('u1', 'organization-figures', 'Thu Nov 26 2026')).toBeNull();
    expect(readKeptCounts('u10', 'verification-health', 'Thu Nov 26 2026')).toEqual({ enrolled: 5 });
  });
});
