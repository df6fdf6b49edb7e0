/** A manage page whose record cannot be found (spec §2), or could not be loaded (spec §8): the message and the way back to its list. */
import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuSearchX, LuTriangleAlert } from 'react-icons/lu';
import type { ToastMessage } from '../lib/functions/toast-message.ts';

export interface RecordNotFoundProps {
  failed: boolean;
  /** 'Provider Not Found' and its text. */
  title: string;
  text: string;
  /** The load failure's message. */
  loadFailed: ToastMessage;
  back: { label: string; to: string };
  testId: string;
}

export function RecordNotFound({ failed, title, text, loadFailed, back, testId }: RecordNotFoundProps) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="xl" bg="bg.panel" py="16" data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator color={failed ? 'fg.error' : undefined}>{failed ? <LuTriangleAlert /> : <LuSearchX />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1" fontSize="xl">
            {failed ? loadFailed.title : title}
          </EmptyState.Title>
          <EmptyState.Description>{failed ? loadFailed.description : text}</EmptyState.Description>
        </VStack>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={back.to}>{back.label}</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
