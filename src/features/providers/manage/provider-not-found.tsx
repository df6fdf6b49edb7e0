/** The manage page when the provider cannot be found (spec §2), or could not be loaded (spec §8). */
import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuSearchX, LuTriangleAlert } from 'react-icons/lu';
import { PROVIDER_LOAD_FAILED, PROVIDER_NOT_FOUND_TEXT, PROVIDER_NOT_FOUND_TITLE, RETURN_TO_PROVIDERS } from '../model/provider-texts.ts';

export function ProviderNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="xl" bg="bg.panel" py="16" data-testid="provider-not-found">
      <EmptyState.Content>
        <EmptyState.Indicator color={failed ? 'fg.error' : undefined}>{failed ? <LuTriangleAlert /> : <LuSearchX />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1" fontSize="xl">
            {failed ? PROVIDER_LOAD_FAILED.title : PROVIDER_NOT_FOUND_TITLE}
          </EmptyState.Title>
          <EmptyState.Description>{failed ? PROVIDER_LOAD_FAILED.description : PROVIDER_NOT_FOUND_TEXT}</EmptyState.Description>
        </VStack>
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/providers">{RETURN_TO_PROVIDERS}</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
