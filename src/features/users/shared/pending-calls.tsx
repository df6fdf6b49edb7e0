/**
 * Account calls that have not gone through yet (issue 25: "queued, shown as pending; a
 * refusal is shown with its reason, never dropped in silence"): each with what it is, and
 * either that it waits (for a connection, or its next attempt) or why the server refused
 * it, with Retry and Dismiss. A queued call can be cancelled before it is sent.
 */
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { removeOutboxItem, retryOutboxItem, type OutboxItem } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { queuedMessage } from '../model/account-call-texts.ts';

export interface PendingCallsProps {
  items: readonly OutboxItem[];
  /** What the call is, e.g. 'Deactivation' or 'Invitation to ann@lab.example (Staff)'. */
  describe: (item: OutboxItem) => string;
  title: string;
}

export function PendingCalls({ items, describe, title }: PendingCallsProps) {
  const db = useLocalDatabase();
  const online = useSyncStore((state) => state.online && state.pauseReason === null);
  if (items.length === 0) return null;
  return (
    <Stack gap="2" mb="4" data-testid="pending-calls" aria-label={title} as="section">
      {items.map((item) => {
        const refused = item.state === 'failed';
        return (
          <Alert.Root key={item.id} status={refused ? 'error' : 'info'} size="sm" data-testid="pending-call">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{describe(item)}</Alert.Title>
              <Alert.Description>
                {refused ? (
                  <Text as="span">Refused: {item.last_error ?? 'the server refused it.'}</Text>
                ) : item.state === 'running' ? (
                  'Sending…'
                ) : item.last_error ? (
                  `Not sent yet (${item.last_error}); it will be tried again.`
                ) : (
                  queuedMessage(online)
                )}
              </Alert.Description>
            </Alert.Content>
            {db && item.state !== 'running' && (
              <HStack gap="2" alignSelf="center">
                {refused && (
                  <Button size="xs" variant="outline" onClick={() => void retryOutboxItem(db, item.id)}>
                    Retry
                  </Button>
                )}
                <Button size="xs" variant="ghost" onClick={() => void removeOutboxItem(db, item.id)}>
                  {refused ? 'Dismiss' : 'Cancel'}
                </Button>
              </HStack>
            )}
          </Alert.Root>
        );
      })}
    </Stack>
  );
}
