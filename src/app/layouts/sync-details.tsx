/**
 * The sync popover's details (sync-indicator.tsx): what the sync is doing, the first
 * download's progress, when it last synced, its notices and a retry. Loaded when the browser
 * is idle after the first paint: no page's first paint needs them.
 */
import { Box, Button, HStack, Popover, Progress, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuRefreshCw } from 'react-icons/lu';
import { CloseButton } from '../../components/ui/close-button.tsx';
import { useSyncStore } from '../../stores/sync-store.ts';
import { lastSyncedText, type SyncStatusView } from './sync-status.ts';

export default function SyncDetails({ view, palette, Icon }: { view: SyncStatusView; palette: string; Icon: IconType }) {
  const sync = useSyncStore();
  return (
    <Stack gap="3">
      <HStack gap="2">
        <Box color={`${palette}.fg`}>
          <Icon aria-hidden />
        </Box>
        <Popover.Title fontWeight="semibold">{view.label}</Popover.Title>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {view.detail}
      </Text>
      {view.progress !== null && (
        <Progress.Root value={view.progress} size="sm" aria-label="First download progress">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Text fontSize="xs" color="fg.muted">
        {lastSyncedText(sync.lastSyncedAt)}
      </Text>
      {sync.notices.length > 0 && (
        <Stack as="ul" gap="1.5" listStyleType="none" aria-label="Sync notices">
          {sync.notices.slice(-5).map((notice) => (
            <HStack as="li" key={notice.id} align="flex-start" gap="2" fontSize="xs" color="fg.muted">
              <Text flex="1">{notice.message}</Text>
              <CloseButton size="2xs" aria-label="Dismiss notice" onClick={() => sync.dismissNotice(notice.id)} />
            </HStack>
          ))}
        </Stack>
      )}
      {view.canRetry && (
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => sync.retry()}>
          <LuRefreshCw aria-hidden /> Sync now
        </Button>
      )}
    </Stack>
  );
}
