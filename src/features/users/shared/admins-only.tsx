/**
 * What a non-admin sees on the users pages: plainly, that they are for administrators.
 * (The navigation hides them, and RLS gives non-admins no one's account data anyway.)
 */
import { EmptyState, VStack } from '@chakra-ui/react';
import { LuShieldAlert } from 'react-icons/lu';
import { ADMINS_ONLY_TEXT, ADMINS_ONLY_TITLE } from '../model/user-texts.ts';

export function AdminsOnly() {
  return (
    <EmptyState.Root borderWidth="1px" rounded="xl" bg="bg.panel" py="16" data-testid="admins-only">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuShieldAlert />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2" fontSize="xl">
            {ADMINS_ONLY_TITLE}
          </EmptyState.Title>
          <EmptyState.Description maxW="lg">{ADMINS_ONLY_TEXT}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
