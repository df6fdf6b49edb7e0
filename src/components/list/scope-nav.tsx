/** Switches between a list's scopes or filter values (e.g. all, healthcare, non-healthcare), as links. */
import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export interface ScopeNavItem {
  key: string;
  label: string;
  to: string;
}

export function ScopeNav({ items, current, label }: { items: readonly ScopeNavItem[]; current: string; label: string }) {
  return (
    <HStack as="nav" aria-label={label} gap="1" mb="4" p="1" bg="bg.muted" rounded="lg" w="fit-content" maxW="full" overflowX="auto">
      {items.map((item) => (
        <Button
          key={item.key}
          asChild
          size="xs"
          variant={item.key === current ? 'surface' : 'ghost'}
          colorPalette={item.key === current ? 'brand' : 'gray'}
          aria-current={item.key === current ? 'page' : undefined}
        >
          <RouterLink to={item.to}>{item.label}</RouterLink>
        </Button>
      ))}
    </HStack>
  );
}
