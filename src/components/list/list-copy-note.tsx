/**
 * A list's note while this device's first download runs (issue 28): where the rows come
 * from (the server, or the part of the copy downloaded so far) and the download's
 * progress. Nothing once the copy is complete: that disappearing is the only visible sign
 * of the switch to the local copy.
 */
import { Alert, Progress } from '@chakra-ui/react';
import type { CopyState } from '../../lib/list/list-answer-source.ts';
import { copyNote, downloadPercent, downloadProgressText } from '../../lib/list/list-copy-texts.ts';
import { useSyncStore } from '../../stores/sync-store.ts';

export function ListCopyNote({ copy, testId = 'list-copy-note' }: { copy: CopyState; testId?: string }) {
  const progress = useSyncStore((state) => state.firstSync);
  const note = copyNote(copy);
  if (note === null || progress.done) return null;
  const percent = downloadPercent(progress);
  return (
    <Alert.Root status={copy.kind === 'from-server' ? 'info' : 'warning'} size="sm" mb="4" data-testid={testId} data-copy={copy.kind === 'partial' ? `partial-${copy.reason}` : copy.kind}>
      <Alert.Indicator />
      <Alert.Content gap="1.5">
        <Alert.Title fontWeight="medium">{note}</Alert.Title>
        <Alert.Description fontSize="xs" color="fg.muted" data-testid={`${testId}-progress`}>
          {downloadProgressText(progress)}
        </Alert.Description>
        <Progress.Root value={percent} size="xs" maxW="md" aria-label="Directory download progress">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Alert.Content>
    </Alert.Root>
  );
}
