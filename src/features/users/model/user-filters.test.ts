import { describe, expect, it } from 'vitest';
import { filtersFromSearch, hasFilters, searchWithFilters } from './user-filters.ts';

describe('the users page filters in the URL', () => {
  it('reads the search, the role and the status, ignoring unknown values', () => {
    expect(filtersFromSearch(new URLSearchParams('q=rivera&role=admin&status=pending'))).toEqual({ query: 'rivera', role: 'admin', status: 'pending' });
    expect(filtersFromSearch(new URLSearchParams('role=owner&status=gone'))).toEqual({ query: '', role: null, status: null });
    expect(filtersFromSearch(new URLSearchParams('role=none')).role).toBe('none');
  });

  it('writes only what is set and keeps other parameters', () => {
    const next = searchWithFilters(new URLSearchParams('status=active&tab=x'), { query: 'ann', status: null, role: 'staff' });
    expect(next.toString()).toBe('tab=x&q=ann&role=staff');
    expect(hasFilters(filtersFromSearch(next))).toBe(true);
    expect(hasFilters(filtersFromSearch(new URLSearchParams('tab=x')))).toBe(false);
  });
});
