/**
 * A list's empty state (spec §2 for providers): with a search or filter active it suggests
 * another search; with nothing at all it invites adding one, with the add button.
 */
import { Button, EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LuPlus, LuSearchX } from 'react-icons/lu';

export interface ListEmptyProps {
  title: string;
  description: string;
  searching: boolean;
  /** The icon when nothing was added yet. */
  icon: ReactNode;
  /** The add button (label and where it goes), offered when nothing was added yet. */
  add?: { label: string; to: string } | null;
  testId: string;
}

export function ListEmpty({ title, description, searching, icon, add, testId }: ListEmptyProps) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="bg.panel" data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator>{searching ? <LuSearchX /> : icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
        {add && (
          <Button asChild size="sm">
            <RouterLink to={add.to}>
              <LuPlus aria-hidden /> {add.label}
            </RouterLink>
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
