/** The manage page of an account this device does not know: 'User Not Found'. */
import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuSearchX } from 'react-icons/lu';
import { RETURN_TO_USERS, USER_NOT_FOUND_TEXT, USER_NOT_FOUND_TITLE } from '../model/user-texts.ts';
import { USERS_PATH } from '../shared/paths.ts';

export function UserNotFound() {
  return (
    <EmptyState.Root borderWidth="1px" rounded="xl" bg="bg.panel" py="16" data-testid="user-not-found">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuSearchX />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1" fontSize="xl">
            {USER_NOT_FOUND_TITLE}
          </EmptyState.Title>
          <EmptyState.Description>{USER_NOT_FOUND_TEXT}</EmptyState.Description>
        </VStack>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={USERS_PATH}>{RETURN_TO_USERS}</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
