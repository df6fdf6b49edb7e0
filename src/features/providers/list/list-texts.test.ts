/** The list pages' counts and the spec §8 message chosen for each kind of failure. */
import { describe, expect, it } from 'vitest';
import { countSummary, listFailureMessage, SEARCH_PLACEHOLDERS } from './list-texts.ts';

describe('countSummary', () => {
  it('counts the scope, or the matches of a search', () => {
    expect(countSummary(59, 59, false)).toBe('59 providers');
    expect(countSummary(1, 1, false)).toBe('1 provider');
    expect(countSummary(3, 50000, true)).toBe('3 of 50,000 providers');
    expect(countSummary(0, 1, true)).toBe('0 of 1 provider');
  });
});

describe('listFailureMessage', () => {
  it('names the list whose read failed', () => {
    expect(listFailureMessage('all', 'fetch')).toEqual({ title: 'Error', description: 'Failed to fetch providers. Please try again.', type: 'error' });
    expect(listFailureMessage('healthcare', 'fetch').description).toBe('Failed to fetch healthcare providers. Please try again.');
    expect(listFailureMessage('non_healthcare', 'fetch').description).toBe('Failed to fetch non-healthcare providers. Please try again.');
  });

  it('uses the unexpected-error text for anything else', () => {
    for (const scope of ['all', 'healthcare', 'non_healthcare'] as const) {
      expect(listFailureMessage(scope, 'unexpected')).toEqual({
        title: 'Error',
        description: 'An unexpected error occurred. Please try again.',
        type: 'error',
      });
    }
  });
});

describe('search placeholders', () => {
  it("use the spec's text where the NPI is searched, and say 'name' where it is not", () => {
    expect(SEARCH_PLACEHOLDERS.all).toBe('Search by name or NPI...');
    expect(SEARCH_PLACEHOLDERS.healthcare).toBe('Search by name or NPI...');
    expect(SEARCH_PLACEHOLDERS.non_healthcare).toBe('Search by name...');
  });
});
