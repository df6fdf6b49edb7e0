/**
 * A form's word about its draft (src/lib/drafts): over a form brought back from its draft,
 * when it was saved and a way to discard it; otherwise, once something typed is on the
 * device, a quiet "Draft saved on this device."
 */
import { Alert, Button, Text } from '@chakra-ui/react';
import { LuHistory } from 'react-icons/lu';
import { DRAFT_TEXT, restoredText } from '../../lib/drafts/draft-texts.ts';

export interface DraftNoteProps {
  restoredAt: number | null;
  savedAt: number | null;
  onDiscard: () => void;
}

export function DraftNote({ restoredAt, savedAt, onDiscard }: DraftNoteProps) {
  if (restoredAt !== null) {
    return (
      <Alert.Root status="info" variant="surface" data-testid="draft-restored" data-saved-at={savedAt ?? undefined}>
        <Alert.Indicator>
          <LuHistory />
        </Alert.Indicator>
        <Alert.Content>
          <Alert.Description>{restoredText(restoredAt)}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={onDiscard} alignSelf="center">
          {DRAFT_TEXT.discard}
        </Button>
      </Alert.Root>
    );
  }
  if (savedAt === null) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="draft-status" data-saved-at={savedAt}>
      {DRAFT_TEXT.saved}
    </Text>
  );
}
