/**
 * The router's error screen: any error thrown while loading or rendering a route lands here
 * (spec §8: 'Unexpected Application Error!'), with a way back. A page whose code cannot be
 * loaded (a new version was deployed, or the device is offline) gets a reload button too.
 */
import { Box, Button, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { LuArrowLeft, LuHouse, LuRotateCw, LuTriangleAlert } from 'react-icons/lu';

function describe(error: unknown): { message: string; chunk: boolean } {
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}`, chunk: false };
  if (error instanceof Error) {
    const chunk = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
    return { message: error.message, chunk };
  }
  return { message: String(error), chunk: false };
}

export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { message, chunk } = describe(error);
  return (
    <Box minH="100dvh" display="flex" alignItems="center" justifyContent="center" p="6" bg="bg.subtle">
      <Stack
        role="alert"
        gap="5"
        maxW="lg"
        w="full"
        bg="bg.panel"
        borderWidth="1px"
        rounded="xl"
        p={{ base: '6', md: '8' }}
        shadow="sm"
      >
        <HStack gap="3" color="fg.error">
          <LuTriangleAlert size="28" aria-hidden />
          <Heading as="h1" size="xl">
            Unexpected Application Error!
          </Heading>
        </HStack>
        <Text color="fg.muted">
          {chunk
            ? 'Part of the app could not be loaded. A new version may have been released, or the connection dropped.'
            : 'Something went wrong while showing this page. Your data on this device is safe.'}
        </Text>
        <Code p="3" rounded="md" whiteSpace="pre-wrap" wordBreak="break-word" fontSize="sm">
          {message}
        </Code>
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => navigate(-1)}>
            <LuArrowLeft /> Go back
          </Button>
          <Button asChild variant={chunk ? 'outline' : 'solid'}>
            <RouterLink to="/">
              <LuHouse /> Go to the home page
            </RouterLink>
          </Button>
          {chunk && (
            <Button onClick={() => window.location.reload()}>
              <LuRotateCw /> Reload
            </Button>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}
