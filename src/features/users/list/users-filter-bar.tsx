/**
 * Search and filters of the users page, kept in the URL (`?q=&role=&status=`): the search
 * box matches name and email; the role and status selects narrow the list; 'Clear' resets
 * them. The count says how many accounts show.
 */
import { Button, Card, CloseButton, Flex, Input, InputGroup, NativeSelect, Text } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { Field } from '../../../components/ui/field.tsx';
import { ACCOUNT_STATUSES, ACCOUNT_STATUS_LABELS, ROLE_LABELS, ROLE_NAMES } from '../../../lib/users/account-status.ts';
import type { UserFilters } from '../model/user-entries.ts';
import { SEARCH_PLACEHOLDER } from '../model/user-texts.ts';

export interface UsersFilterBarProps {
  filters: UserFilters;
  onChange: (filters: Partial<UserFilters>) => void;
  summary: string | null;
  filtered: boolean;
}

export function UsersFilterBar({ filters, onChange, summary, filtered }: UsersFilterBarProps) {
  return (
    <Card.Root variant="outline" size="sm" mb="4" bg="bg.panel">
      <Card.Body>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <Field label="Search" flex="2" minW="56">
            <InputGroup
              startElement={<LuSearch aria-hidden />}
              endElement={filters.query ? <CloseButton size="xs" variant="ghost" aria-label="Clear search" me="-1" onClick={() => onChange({ query: '' })} /> : undefined}
            >
              <Input
                type="text"
                role="searchbox"
                aria-label="Search users"
                placeholder={SEARCH_PLACEHOLDER}
                value={filters.query}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => onChange({ query: event.currentTarget.value })}
                onKeyDown={(event) => {
                  if (event.key === 'Escape' && filters.query) onChange({ query: '' });
                }}
              />
            </InputGroup>
          </Field>
          <Field label="Role" flex="1" minW="36">
            <NativeSelect.Root>
              <NativeSelect.Field value={filters.role ?? ''} onChange={(event) => onChange({ role: (event.currentTarget.value || null) as UserFilters['role'] })}>
                <option value="">All roles</option>
                {ROLE_NAMES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
                <option value="none">No role</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field>
          <Field label="Status" flex="1" minW="40">
            <NativeSelect.Root>
              <NativeSelect.Field value={filters.status ?? ''} onChange={(event) => onChange({ status: (event.currentTarget.value || null) as UserFilters['status'] })}>
                <option value="">All statuses</option>
                {ACCOUNT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {ACCOUNT_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field>
          <Button variant="ghost" size="sm" disabled={!filtered} onClick={() => onChange({ query: '', role: null, status: null })}>
            Clear filters
          </Button>
        </Flex>
        {summary && (
          <Text mt="3" fontSize="sm" color="fg.muted" aria-live="polite" data-testid="users-count">
            {summary}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
