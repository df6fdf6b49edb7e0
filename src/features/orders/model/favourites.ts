/**
 * Favourite tests in order entry (issue 31): the organization's and the ordering provider's
 * (the `favorite_tests` column of each, compendium codes), offered first in the test step —
 * in the empty search field (Tab walks them; Enter there goes on to the next step), and ahead
 * of other matches when searching. Pure: the step and the star buttons call these.
 */
import type { CompendiumIndex } from '../../../lib/reference/index.ts';
import type { CompendiumTest } from '../../../lib/lab/reference-types.ts';

export const MAX_FAVOURITES = 50;

export type FavouriteOwner = 'organization' | 'provider';

/** What the star buttons show and do: the owners that can be starred now, with their favourites. */
export interface FavouriteStarsState {
  owners: Array<{ owner: FavouriteOwner; name: string; favourites: readonly string[] }>;
  onToggle: (owner: FavouriteOwner, code: string) => void;
}

export interface Favourite {
  test: CompendiumTest;
  owners: FavouriteOwner[];
}

export function favouriteCodes(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string' && code !== '') : [];
}

/**
 * The favourites not yet on the order, the organization's first then the provider's, each
 * test once (with both owners when both starred it); codes the compendium no longer offers
 * (unknown or inactive) are left out.
 */
export function favouriteTests(compendium: CompendiumIndex, organization: readonly string[], provider: readonly string[], chosen: readonly string[]): Favourite[] {
  const found = new Map<string, Favourite>();
  const add = (codes: readonly string[], owner: FavouriteOwner) => {
    for (const code of codes) {
      if (chosen.includes(code)) continue;
      const known = found.get(code);
      if (known) {
        if (!known.owners.includes(owner)) known.owners.push(owner);
        continue;
      }
      const test = compendium.get(code);
      if (test?.active) found.set(code, { test, owners: [owner] });
    }
  };
  add(organization, 'organization');
  add(provider, 'provider');
  return [...found.values()];
}

/**
 * The search's matches with the favourites among them first (their own order kept
 * otherwise); a test whose code is exactly what was typed stays first of all.
 */
export function favouritesFirst(query: string, matches: readonly CompendiumTest[], favourites: readonly Favourite[]): CompendiumTest[] {
  const rank = new Map(favourites.map((favourite, index) => [favourite.test.code, index]));
  const typed = query.trim().toUpperCase();
  return matches
    .map((test, index) => ({ test, index, rank: test.code === typed ? -1 : (rank.get(test.code) ?? Number.POSITIVE_INFINITY) }))
    .sort((a, b) => (a.rank === b.rank ? a.index - b.index : a.rank - b.rank))
    .map((item) => item.test);
}

/** The list with the code starred (added at the end) or unstarred; null when the list is full. */
export function toggleFavourite(current: readonly string[], code: string): string[] | null {
  if (current.includes(code)) return current.filter((item) => item !== code);
  if (current.length >= MAX_FAVOURITES) return null;
  return [...current, code];
}

export function favouriteDetail(owners: readonly FavouriteOwner[]): string {
  if (owners.length === 2) return 'Favourite of the organization and the provider';
  return owners[0] === 'organization' ? 'Favourite of the organization' : 'Favourite of the provider';
}
