/** The manage page when the organization cannot be found, or could not be loaded. */
import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuSearchX, LuTriangleAlert } from 'react-icons/lu';
import { ORGANIZATION_PATHS } from '../model/organization-paths.ts';
import { ORGANIZATION_LOAD_FAILED, ORGANIZATION_NOT_FOUND_TEXT, ORGANIZATION_NOT_FOUND_TITLE, RETURN_TO_ORGANIZATIONS } from '../model/organization-texts.ts';

export function OrganizationNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="xl" bg="bg.panel" py="16" data-testid="organization-not-found">
      <EmptyState.Content>
        <EmptyState.Indicator color={failed ? 'fg.error' : undefined}>{failed ? <LuTriangleAlert /> : <LuSearchX />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1" fontSize="xl">
            {failed ? ORGANIZATION_LOAD_FAILED.title : ORGANIZATION_NOT_FOUND_TITLE}
          </EmptyState.Title>
          <EmptyState.Description>{failed ? ORGANIZATION_LOAD_FAILED.description : ORGANIZATION_NOT_FOUND_TEXT}</EmptyState.Description>
        </VStack>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={ORGANIZATION_PATHS.list}>{RETURN_TO_ORGANIZATIONS}</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
