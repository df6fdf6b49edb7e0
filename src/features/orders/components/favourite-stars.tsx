/**
 * The star buttons on a test of the order being entered: star or unstar it as a favourite
 * of the organization and of the ordering provider (staff only; the step hides them for
 * anyone else). Each is a toggle button (aria-pressed) reachable by keyboard.
 */
import { Button, HStack } from '@chakra-ui/react';
import type { FavouriteOwner, FavouriteStarsState } from '../model/favourites.ts';

export interface FavouriteStarsProps extends FavouriteStarsState {
  code: string;
  testName: string;
}

const OWNER_LABEL: Record<FavouriteOwner, string> = { organization: 'Organization', provider: 'Provider' };

export function FavouriteStars({ code, testName, owners, onToggle }: FavouriteStarsProps) {
  if (owners.length === 0) return null;
  return (
    <HStack gap="1" wrap="wrap">
      {owners.map(({ owner, name, favourites }) => {
        const starred = favourites.includes(code);
        return (
          <Button
            key={owner}
            size="xs"
            variant={starred ? 'subtle' : 'ghost'}
            colorPalette={starred ? 'yellow' : 'gray'}
            aria-pressed={starred}
            aria-label={`${starred ? 'Unstar' : 'Star'} ${testName} as a favourite of ${name}`}
            title={`${starred ? 'Unstar' : 'Star'} as a favourite of ${name}`}
            onClick={() => onToggle(owner, code)}
          >
            <span aria-hidden>{starred ? '★' : '☆'}</span> {OWNER_LABEL[owner]}
          </Button>
        );
      })}
    </HStack>
  );
}
