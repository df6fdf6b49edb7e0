/** The provider name of headings and breadcrumbs (spec §2). */
import { describe, expect, it } from 'vitest';
import { providerDisplayName, providerFullName } from './provider-name.ts';

describe('providerDisplayName', () => {
  it("is 'First Last' plus ', credential' when present", () => {
    expect(providerDisplayName({ first_name: 'Jane', last_name: 'Doe', credential: 'MD' })).toBe('Jane Doe, MD');
    expect(providerDisplayName({ first_name: 'Jane', last_name: 'Doe', credential: null })).toBe('Jane Doe');
    expect(providerDisplayName({ first_name: ' Jane ', last_name: 'Doe', credential: '  ' })).toBe('Jane Doe');
  });

  it('copes with missing parts', () => {
    expect(providerFullName({ first_name: '', last_name: 'Doe' })).toBe('Doe');
    expect(providerDisplayName({ credential: 'NP' })).toBe('NP');
    expect(providerDisplayName({})).toBe('');
  });
});
