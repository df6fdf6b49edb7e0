/**
 * `/welcome`: greets a user after their first sign-in, shows the directory arriving on their
 * device, and points to the first things staff do. Seeing it once is recorded in the user's
 * metadata, so sign-in goes to the dashboard from then on.
 */
import { Box, Button, Grid, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LuArrowRight, LuBuilding2, LuCircleCheck, LuClipboardList, LuCloudDownload, LuStethoscope, LuUserPlus } from 'react-icons/lu';
import { APP_NAME } from '../../components/brand.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useSyncStore } from '../../stores/sync-store.ts';

const NEXT_STEPS = [
  { icon: LuStethoscope, title: 'Find a provider', text: 'Search the directory by name or NPI.', to: '/providers' },
  { icon: LuUserPlus, title: 'Add a provider', text: 'Start from an NPI lookup, or add a client without one.', to: '/providers/type-selection' },
  { icon: LuBuilding2, title: 'Organizations', text: 'The practices and clients providers order for.', to: '/organizations' },
  { icon: LuClipboardList, title: 'Order entry', text: 'Enter laboratory orders for a provider.', to: '/orders/entry' },
];

function firstName(metadata: Record<string, unknown> | undefined, email: string | undefined): string {
  if (typeof metadata?.first_name === 'string' && metadata.first_name.trim()) return metadata.first_name.trim();
  return email?.split('@')[0] ?? 'there';
}

function DeviceCopy() {
  const { done, stored, total } = useSyncStore((state) => state.firstSync);
  const online = useSyncStore((state) => state.online);
  const percent = total ? Math.min(100, Math.round((stored / total) * 100)) : null;
  return (
    <HStack align="flex-start" gap="4" p="5" bg="bg.panel" borderWidth="1px" rounded="xl">
      <Box p="2.5" rounded="lg" bg="brand.subtle" color="brand.fg" aria-hidden>
        {done ? <LuCircleCheck size="20" /> : <LuCloudDownload size="20" />}
      </Box>
      <Stack gap="2" flex="1">
        <Text fontWeight="semibold">{done ? 'The directory is on this device' : 'Downloading the directory to this device'}</Text>
        <Text color="fg.muted" fontSize="sm">
          {done
            ? 'Search and edits work even without a connection; changes sync when you are back online.'
            : online
              ? `${stored.toLocaleString('en-US')}${total ? ` of ${total.toLocaleString('en-US')}` : ''} records so far. You can start working now.`
              : 'You are offline. The download continues when the connection is back.'}
        </Text>
        {!done && (
          <Progress.Root value={percent} size="sm" maxW="md" aria-label="Directory download progress">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
      </Stack>
    </HStack>
  );
}

export function WelcomePage() {
  const user = useSessionStore((state) => state.user);
  const markWelcomed = useSessionStore((state) => state.markWelcomed);

  useEffect(() => {
    void markWelcomed();
  }, [markWelcomed]);

  return (
    <Stack gap="8" maxW="5xl">
      <Stack gap="2">
        <Text color="brand.fg" fontWeight="semibold" fontSize="sm">
          Welcome to {APP_NAME}
        </Text>
        <Heading as="h1" size="3xl" letterSpacing="-0.02em">
          Hello, {firstName(user?.user_metadata, user?.email)}
        </Heading>
        <Text color="fg.muted" fontSize="lg" maxW="3xl">
          Your account is ready. Here is where to start.
        </Text>
      </Stack>
      <DeviceCopy />
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
        {NEXT_STEPS.map(({ icon: Icon, title, text, to }) => (
          <Box
            key={to}
            asChild
            display="flex"
            gap="4"
            alignItems="flex-start"
            p="5"
            bg="bg.panel"
            borderWidth="1px"
            rounded="xl"
            transition="border-color 0.15s, box-shadow 0.15s"
            _hover={{ borderColor: 'brand.emphasized', shadow: 'sm' }}
            focusVisibleRing="outside"
          >
            <RouterLink to={to}>
              <Box p="2.5" rounded="lg" bg="brand.subtle" color="brand.fg" aria-hidden>
                <Icon size="20" />
              </Box>
              <Stack gap="1" flex="1">
                <Text fontWeight="semibold">{title}</Text>
                <Text color="fg.muted" fontSize="sm">
                  {text}
                </Text>
              </Stack>
              <Box color="fg.subtle" alignSelf="center" aria-hidden>
                <LuArrowRight />
              </Box>
            </RouterLink>
          </Box>
        ))}
      </Grid>
      <Button asChild alignSelf="flex-start" size="lg">
        <RouterLink to="/dashboard">
          Go to the dashboard <LuArrowRight />
        </RouterLink>
      </Button>
    </Stack>
  );
}
