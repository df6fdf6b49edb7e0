import { describe, expect, it } from 'vitest';
import { activeProviderCounts } from './member-counts.ts';

describe('activeProviderCounts', () => {
  it('counts an organization’s active memberships whose provider is active', () => {
    const memberships = new Map([
      ['org-a|p1', 1],
      ['org-a|p2', 1],
      ['org-a|p3', 1],
      ['org-b|p3', 1],
    ]);
    // p3 is an inactive provider: still a member, not an active provider of either.
    expect(activeProviderCounts(memberships, new Map([['p3', 1]]))).toEqual(new Map([['org-a', 2]]));
    expect(activeProviderCounts(memberships, new Map())).toEqual(new Map([['org-a', 3], ['org-b', 1]]));
  });
});
