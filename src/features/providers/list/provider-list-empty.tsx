/**
 * A list's empty state (spec §2): with a search active it suggests another search; with no
 * providers at all it invites adding one, with the Add Provider button.
 */
import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuPlus, LuSearchX, LuUsersRound } from 'react-icons/lu';
import { ADD_PROVIDER_LABEL, emptyState } from '../model/provider-texts.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { TYPE_SELECTION_PATH } from './list-paths.ts';

export function ProviderListEmpty({ scope, searching }: { scope: ProviderSearchScope; searching: boolean }) {
  const text = emptyState(scope, searching);
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="bg.panel" data-testid="provider-list-empty">
      <EmptyState.Content>
        <EmptyState.Indicator>{searching ? <LuSearchX /> : <LuUsersRound />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">{text.title}</EmptyState.Title>
          <EmptyState.Description>{text.description}</EmptyState.Description>
        </VStack>
        {text.showAddButton && (
          <Button asChild size="sm">
            <RouterLink to={TYPE_SELECTION_PATH}>
              <LuPlus aria-hidden /> {ADD_PROVIDER_LABEL}
            </RouterLink>
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
