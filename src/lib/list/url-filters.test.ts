/** Filters in the URL: parsing anything into a valid value, defaults left out, links to filtered lists. */
import { describe, expect, it } from 'vitest';
import { choiceFilter, filteredListPath, idFilter, readUrlFilters, withUrlFilter } from './url-filters.ts';

const filters = {
  status: choiceFilter('status', ['all', 'active', 'inactive'] as const, 'all'),
  organization: idFilter('organization'),
};
const ORG = '3f1c6a52-1111-4000-8000-000000000001';

describe('URL filters', () => {
  it('reads values, and falls back for absent or unknown ones', () => {
    expect(readUrlFilters(new URLSearchParams(`status=Inactive&organization=${ORG.toUpperCase()}`), filters)).toEqual({ status: 'inactive', organization: ORG });
    expect(readUrlFilters(new URLSearchParams('status=deleted&organization=42'), filters)).toEqual({ status: 'all', organization: '' });
    expect(readUrlFilters(new URLSearchParams(''), filters)).toEqual({ status: 'all', organization: '' });
  });

  it('reads choices written with hyphens (non-healthcare) as their values', () => {
    const type = choiceFilter('type', ['all', 'non_healthcare'] as const, 'all');
    expect(type.parse('non-healthcare')).toBe('non_healthcare');
  });

  it('sets one filter, leaves the default out of the URL and keeps the other parameters', () => {
    const params = new URLSearchParams('q=doe&status=active');
    expect(withUrlFilter(params, filters.status, 'inactive').toString()).toBe('q=doe&status=inactive');
    expect(withUrlFilter(params, filters.status, 'all').toString()).toBe('q=doe');
    expect(withUrlFilter(params, filters.organization, ORG).toString()).toBe(`q=doe&status=active&organization=${ORG}`);
    expect(params.toString()).toBe('q=doe&status=active');
  });

  it('builds links to filtered lists (the dashboard links to them)', () => {
    expect(filteredListPath('/organization-memberships', filters, { organization: ORG, status: 'all' })).toBe(`/organization-memberships?organization=${ORG}`);
    expect(filteredListPath('/organizations', filters, { status: 'inactive' }, ' capital ')).toBe('/organizations?status=inactive&q=capital');
    expect(filteredListPath('/organizations', filters, {})).toBe('/organizations');
  });
});
