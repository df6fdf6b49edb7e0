import { describe, expect, it } from 'vitest';
import { filterOptions } from './filterable-select.tsx';

const options = [
  { value: 'a', label: 'Albany Clinic (Healthcare)', keywords: 'albany clinic (healthcare) 10001 troy' },
  { value: 'b', label: 'Bronx Care (Healthcare)' },
  { value: 'c', label: 'Capital Drug Testing (Non-healthcare)' },
];

describe('filterOptions', () => {
  it('keeps the options matching every word, up to the limit', () => {
    expect(filterOptions(options, 'troy 10001', '', 10)).toEqual({ shown: [options[0]], matches: 1 });
    expect(filterOptions(options, 'healthcare', '', 1)).toEqual({ shown: [options[0]], matches: 3 });
  });
  it('always keeps the chosen option', () => {
    expect(filterOptions(options, 'bronx', 'c', 10).shown.map((option) => option.value)).toEqual(['c', 'b']);
  });
});
