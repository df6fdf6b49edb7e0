/**
 * The header's sync status (online/offline, first download, pending changes, errors) with a
 * popover of details and a retry. New sync notices (e.g. a field that changed on the server
 * and on this device, where the server's value won) are also shown once as toasts.
 */
import { Box, Button, HStack, Popover, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../../components/ui/close-button.tsx';
import { useEffect } from 'react';
import { LuCloudAlert, LuCircleCheck, LuCloudOff, LuCloudUpload, LuRefreshCw } from 'react-icons/lu';
import { toast } from '../../components/ui/toaster.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { describeSync, lastSyncedText, type SyncTone } from './sync-status.ts';

const TONE: Record<SyncTone, { palette: string; icon: typeof LuCircleCheck }> = {
  ok: { palette: 'green', icon: LuCircleCheck },
  busy: { palette: 'blue', icon: LuRefreshCw },
  pending: { palette: 'orange', icon: LuCloudUpload },
  offline: { palette: 'gray', icon: LuCloudOff },
  error: { palette: 'red', icon: LuCloudAlert },
};

const toasted = new Set<string>();

function useNoticeToasts(notices: ReadonlyArray<{ id: string; message: string }>) {
  useEffect(() => {
    for (const notice of notices) {
      if (toasted.has(notice.id)) continue;
      toasted.add(notice.id);
      toast({ title: 'Sync', description: notice.message, variant: 'warning' });
    }
  }, [notices]);
}

export function SyncIndicator() {
  const sync = useSyncStore();
  const sessionOffline = useSessionStore((state) => state.status === 'offline');
  useNoticeToasts(sync.notices);
  const view = describeSync(sync, sessionOffline);
  const tone = TONE[view.tone];
  const Icon = tone.icon;

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button
          size="sm"
          variant="subtle"
          colorPalette={tone.palette}
          rounded="full"
          aria-label={`Sync status: ${view.label}`}
          data-testid="sync-indicator"
          data-tone={view.tone}
        >
          <Box
            as="span"
            display="inline-flex"
            css={view.tone === 'busy' ? { animation: 'spin 1.2s linear infinite' } : undefined}
          >
            <Icon aria-hidden />
          </Box>
          <Text as="span" hideBelow="md">
            {view.label}
          </Text>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs">
            <Popover.Arrow>
              <Popover.ArrowTip />
            </Popover.Arrow>
            <Popover.Body>
              <Stack gap="3">
                <HStack gap="2">
                  <Box color={`${tone.palette}.fg`}>
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
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
