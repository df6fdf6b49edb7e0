/**
 * A page whose code is not on this device (reachable-routes.tsx): offline, it says the page
 * opens by itself once the connection is back; online, that the app could not load it (a
 * new version may have replaced this one) with a reload that keeps drafts.
 */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { LuCloudOff, LuRotateCw } from 'react-icons/lu';
import { reloadSafely } from '../../lib/browser/safe-reload.ts';
import { useBrowserOnline } from '../../lib/browser/use-browser-online.ts';
import { OFFLINE_TEXT } from './offline-texts.ts';

export function PageNotOnDevice() {
  const online = useBrowserOnline();
  return (
    <Box py={{ base: '10', md: '16' }} px="4" display="flex" justifyContent="center" data-testid="page-not-on-device">
      <Stack role="status" aria-live="polite" gap="3" maxW="lg" textAlign="center" align="center">
        <Box color="fg.muted" fontSize="3xl" aria-hidden>
          <LuCloudOff />
        </Box>
        <Heading as="h1" size="lg">
          {OFFLINE_TEXT.pageMissingTitle}
        </Heading>
        <Text color="fg.muted">{online ? OFFLINE_TEXT.pageFailedOnline : OFFLINE_TEXT.pageMissingOffline}</Text>
        {online && (
          <Button onClick={() => void reloadSafely()}>
            <LuRotateCw aria-hidden /> Reload
          </Button>
        )}
      </Stack>
    </Box>
  );
}
