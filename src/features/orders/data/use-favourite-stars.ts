/**
 * What the test step's star buttons need: the organization and the provider chosen (when
 * staff may star), their current favourites, and the toggle that writes to the user's local
 * database and says when the write was refused or could not be made.
 */
import { toast } from '../../../components/ui/toaster.tsx';
import type { OrganizationDoc, ProviderDoc } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { favouriteCodes, type FavouriteOwner, type FavouriteStarsState } from '../model/favourites.ts';
import { toggleFavouriteTest } from './favourite-writes.ts';

export function useFavouriteStars(organization: OrganizationDoc | null, provider: ProviderDoc | null): FavouriteStarsState | null {
  const db = useLocalDatabase();
  if (!db || (!organization && !provider)) return null;
  const owners: FavouriteStarsState['owners'] = [];
  if (organization) owners.push({ owner: 'organization', name: organization.legal_name, favourites: favouriteCodes(organization.favorite_tests) });
  if (provider) owners.push({ owner: 'provider', name: `${provider.first_name} ${provider.last_name}`, favourites: favouriteCodes(provider.favorite_tests) });
  const ids: Record<FavouriteOwner, string | null> = { organization: organization?.id ?? null, provider: provider?.id ?? null };
  return {
    owners,
    onToggle: (owner, code) => {
      const id = ids[owner];
      if (!id) return;
      void toggleFavouriteTest(db, owner, id, code).then((result) => {
        if (!result.ok) toast({ title: 'Error', description: result.error, variant: 'destructive' });
        else if (result.outcome === 'failed') toast({ title: 'Error', description: 'The server did not take the favourite: it was put back.', variant: 'destructive' });
      });
    },
  };
}
