/**
 * The dashboard's sync figures (issue 27): whether this device is online and syncing, when
 * it last finished, the last error, and how many local changes the server has not taken
 * yet (edited records and queued calls), from the sync store the data layer keeps.
 */
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import { FigureCard } from '../../components/dashboard/figure-card.tsx';
import { formatTimeAgo, parseDateInput } from '../../lib/format/date.ts';
import { useSyncStore, type SyncState } from '../../stores/sync-store.ts';

/** The one-line state of synchronisation. */
export function syncStateText(state: Pick<SyncState, 'online' | 'phase' | 'lastError' | 'pauseReason'>): { text: string; tone: 'green' | 'orange' | 'red' | 'gray' } {
  if (!state.online || state.pauseReason === 'offline') return { text: 'Offline: changes are kept on this device', tone: 'orange' };
  if (state.phase === 'error') return { text: 'Sync failed', tone: 'red' };
  if (state.phase === 'pulling' || state.phase === 'pushing') return { text: 'Syncing…', tone: 'gray' };
  if (state.phase === 'paused') return { text: 'Sync paused', tone: 'gray' };
  return { text: 'Up to date', tone: 'green' };
}

/** '3 changes waiting to sync (2 records, 1 call)', or that nothing waits. */
export function pendingText(records: number, calls: number): string {
  const total = records + calls;
  if (total === 0) return 'No changes waiting to sync';
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(total, 'change')} waiting to sync (${plural(records, 'record')}, ${plural(calls, 'call')})`;
}

export function SyncCard() {
  const online = useSyncStore((state) => state.online);
  const phase = useSyncStore((state) => state.phase);
  const lastError = useSyncStore((state) => state.lastError);
  const pauseReason = useSyncStore((state) => state.pauseReason);
  const pendingRecords = useSyncStore((state) => state.pendingRecords);
  const pendingCalls = useSyncStore((state) => state.pendingCalls);
  const lastSyncedAt = useSyncStore((state) => state.lastSyncedAt);
  const retry = useSyncStore((state) => state.retry);
  const status = syncStateText({ online, phase, lastError, pauseReason });
  const last = parseDateInput(lastSyncedAt);
  return (
    <FigureCard title="This device" description="What this device holds that the server does not have yet." testId="dashboard-sync">
      <HStack justify="space-between" wrap="wrap" gap="2">
        {/* A badge does not wrap by default: the offline text is wider than a narrow card. */}
        <Badge colorPalette={status.tone} variant="surface" size="md" whiteSpace="normal" h="auto" py="1" data-testid="dashboard-sync-state">
          {status.text}
        </Badge>
        <Button size="xs" variant="outline" onClick={retry} disabled={!online}>
          <LuRefreshCw aria-hidden /> Sync now
        </Button>
      </HStack>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium" data-testid="dashboard-pending">
          {pendingText(pendingRecords, pendingCalls)}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {last ? `Last synced ${formatTimeAgo(last)}` : 'Not synced yet on this device'}
        </Text>
        {phase === 'error' && lastError && (
          <Text fontSize="sm" color="fg.error">
            {lastError}
          </Text>
        )}
      </Stack>
    </FigureCard>
  );
}
