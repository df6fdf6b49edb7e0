/** The navigation list, shared by the desktop sidebar and the tablet drawer. */
import { Badge, Box, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { selectIsProviderOnly, useSessionStore } from '../../stores/session-store.ts';
import { useUnreviewedResultsCount } from '../../lib/results/use-unreviewed-count.ts';
import { NAV_SECTIONS, PROVIDER_NAV_SECTIONS } from './nav-items.ts';

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const providerOnly = useSessionStore(selectIsProviderOnly);
  const unreviewed = useUnreviewedResultsCount();
  const sections = providerOnly ? PROVIDER_NAV_SECTIONS : NAV_SECTIONS.filter((section) => !section.adminOnly || isAdmin);
  return (
    <Stack as="nav" aria-label="Main" gap="6">
      {sections.map((section) => (
        <Box key={section.title}>
          <Text
            px="3"
            mb="1.5"
            fontSize="xs"
            fontWeight="semibold"
            letterSpacing="wider"
            textTransform="uppercase"
            color="fg.muted"
          >
            {section.title}
          </Text>
          <Stack as="ul" gap="0.5" listStyleType="none">
            {section.items.map((item) => (
              <Box as="li" key={item.to}>
                <Box
                  asChild
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="3"
                  py="2"
                  rounded="md"
                  fontSize="sm"
                  fontWeight="medium"
                  color="fg.muted"
                  transition="background 0.15s, color 0.15s"
                  _hover={{ bg: 'bg.muted', color: 'fg' }}
                  focusVisibleRing="outside"
                  css={{
                    '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' },
                    '& svg': { width: '18px', height: '18px', flexShrink: 0 },
                  }}
                >
                  <NavLink to={item.to} end={item.end} onClick={onNavigate}>
                    <item.icon aria-hidden />
                    {item.label}
                    {item.count === 'unreviewed-results' && unreviewed ? (
                      <Badge ms="auto" colorPalette="red" variant="solid" size="sm" aria-label={`${unreviewed} results not signed off`} data-testid="unreviewed-results-count">
                        {unreviewed}
                      </Badge>
                    ) : null}
                  </NavLink>
                </Box>
              </Box>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
