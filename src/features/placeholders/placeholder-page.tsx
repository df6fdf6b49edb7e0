/**
 * Stand-in for a page that later issues build: the route exists (links, bookmarks and the
 * navigation work), and the page says plainly that it is not built yet.
 */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LuConstruction } from 'react-icons/lu';
import { PageHeader } from '../../components/page-header.tsx';

export interface PlaceholderPageProps {
  title: string;
}

export function PlaceholderPage({ title }: PlaceholderPageProps) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={title} />
      <Box
        borderWidth="1px"
        borderStyle="dashed"
        borderColor="border.emphasized"
        rounded="xl"
        bg="bg.panel"
        px={{ base: '6', md: '10' }}
        py={{ base: '10', md: '14' }}
        textAlign="center"
        data-testid="placeholder-page"
      >
        <Stack gap="4" align="center" maxW="md" mx="auto">
          <Box color="brand.fg" bg="brand.subtle" rounded="full" p="4" aria-hidden>
            <LuConstruction size="28" />
          </Box>
          <Heading as="h2" size="lg">
            This page is not built yet
          </Heading>
          <Text color="fg.muted">
            {title} is part of the product, but its page has not been built yet. The address{' '}
            <Text as="span" fontFamily="mono" fontSize="sm">
              {pathname}
            </Text>{' '}
            already works, so links and bookmarks to it will keep working.
          </Text>
          {pathname === '/dashboard' ? (
            <Button asChild variant="outline" size="sm">
              <RouterLink to="/welcome">Getting started</RouterLink>
            </Button>
          ) : (
            <Button asChild variant="outline" size="sm">
              <RouterLink to="/dashboard">Go to the dashboard</RouterLink>
            </Button>
          )}
        </Stack>
      </Box>
    </>
  );
}
