/** Switches between the three provider lists (all, healthcare, non-healthcare). */
import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { LIST_PATHS } from './list-paths.ts';

const LABELS: Readonly<Record<ProviderSearchScope, string>> = {
  all: 'All providers',
  healthcare: 'Healthcare',
  non_healthcare: 'Non-healthcare',
};

export function ListScopeNav({ scope }: { scope: ProviderSearchScope }) {
  return (
    <HStack as="nav" aria-label="Provider lists" gap="1" mb="4" p="1" bg="bg.muted" rounded="lg" w="fit-content" maxW="full" overflowX="auto">
      {(Object.keys(LABELS) as ProviderSearchScope[]).map((key) => (
        <Button
          key={key}
          asChild
          size="xs"
          variant={key === scope ? 'surface' : 'ghost'}
          colorPalette={key === scope ? 'brand' : 'gray'}
          aria-current={key === scope ? 'page' : undefined}
        >
          <RouterLink to={LIST_PATHS[key]}>{LABELS[key]}</RouterLink>
        </Button>
      ))}
    </HStack>
  );
}
