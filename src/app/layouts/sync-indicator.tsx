/**
 * The header's sync status (online/offline, first download, pending changes, errors) with a
 * popover of details and a retry (sync-details.tsx, loaded after the first paint). New sync notices (e.g. a field that changed on the server
 * and on this device, where the server's value won) are also shown once as toasts.
 */
import { Box, Button, Popover, Portal, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect } from 'react';
import { LuCloudAlert, LuCircleCheck, LuCloudOff, LuCloudUpload, LuRefreshCw } from 'react-icons/lu';
import { toast } from '../../components/ui/toaster.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { preloadWhenIdle } from '../preload-when-idle.ts';
import { describeSync, type SyncTone } from './sync-status.ts';
import { useDeviceCopy } from './use-device-copy.ts';
import { importWhenReachable } from '../../lib/browser/import-when-reachable.ts';

// The popover's details are not part of any first paint (the first download's progress bar, the notices).
const loadSyncDetails = () => import('./sync-details.tsx');
// The details open offline most of all: their code waits for the connection rather than failing the page.
const SyncDetails = lazy(() => importWhenReachable(loadSyncDetails));

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
  const device = useDeviceCopy();
  useNoticeToasts(sync.notices);
  useEffect(() => preloadWhenIdle(loadSyncDetails), []);
  const view = describeSync(sync, sessionOffline, device);
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
              <Suspense fallback={null}>
                <SyncDetails view={view} palette={tone.palette} Icon={Icon} />
              </Suspense>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
