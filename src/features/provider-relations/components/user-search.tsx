/**
 * The Add Delegate dialog's user search (spec §5, §9): over the profiles synced to this
 * device, so it works offline; at least 3 characters ('Please enter at least 3 characters
 * to search'), 300 ms after the last keystroke, at most 10 people by last name; 'No users
 * found matching your search'. The people are radio choices: arrow keys move between them.
 */
import { Badge, HStack, Input, RadioGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { ProfileDoc } from '../../../db/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import type { Live } from '../../../lib/local-data/use-live-query.ts';
import { NO_USERS_FOUND, USER_SEARCH_DEBOUNCE_MS, searchProfiles, userSearchIssue } from '../model/delegate-rules.ts';
import { useDebouncedValue } from '../shared/use-debounced-value.ts';
import { USER_SEARCH_LABEL, USER_SEARCH_PLACEHOLDER } from '../shared/texts.ts';

export interface UserSearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  profiles: Live<ReadonlyArray<Readonly<ProfileDoc>>>;
  selectedId: string | null;
  onSelect: (profile: Readonly<ProfileDoc>) => void;
  /** Ids of the provider's current (active) delegates, marked in the results. */
  currentDelegateIds: ReadonlySet<string>;
  disabled?: boolean;
}

export function personName(profile: Pick<ProfileDoc, 'first_name' | 'last_name' | 'email'>): string {
  const name = [profile.first_name, profile.last_name].map((part) => part?.trim() ?? '').filter(Boolean).join(' ');
  return name || profile.email || 'Unnamed user';
}

export function UserSearch({ query, onQueryChange, profiles, selectedId, onSelect, currentDelegateIds, disabled }: UserSearchProps) {
  const settled = useDebouncedValue(query, USER_SEARCH_DEBOUNCE_MS);
  const issue = userSearchIssue(query);
  const results = useMemo(
    () => (profiles.status === 'ready' ? searchProfiles(profiles.value, settled) : []),
    [profiles, settled],
  );
  const waiting = !issue && (settled !== query || profiles.status === 'loading');

  return (
    <Stack gap="3">
      <Field label={USER_SEARCH_LABEL} helperText={issue ?? undefined}>
        <Input
          type="search"
          value={query}
          placeholder={USER_SEARCH_PLACEHOLDER}
          autoComplete="off"
          onChange={(event) => onQueryChange(event.currentTarget.value)}
          disabled={disabled}
        />
      </Field>
      {profiles.status === 'error' && (
        <Text color="fg.error" role="alert">
          The users could not be read on this device.
        </Text>
      )}
      {waiting && (
        <HStack gap="2" color="fg.muted" fontSize="sm" role="status">
          <Spinner size="xs" /> <Text>Searching…</Text>
        </HStack>
      )}
      {!issue && !waiting && profiles.status === 'ready' && results.length === 0 && (
        <Text color="fg.muted" fontSize="sm" role="status">
          {NO_USERS_FOUND}
        </Text>
      )}
      {!issue && !waiting && results.length > 0 && (
        <RadioGroup.Root
          value={selectedId}
          onValueChange={(details) => {
            const profile = results.find((candidate) => candidate.id === details.value);
            if (profile) onSelect(profile);
          }}
          disabled={disabled}
          aria-label="Users found"
          size="sm"
        >
          <Stack gap="1" maxH="60" overflowY="auto" borderWidth="1px" rounded="md" p="1.5">
            {results.map((profile) => (
              <RadioGroup.Item key={profile.id} value={profile.id} px="2" py="1.5" rounded="sm" _hover={{ bg: 'bg.muted' }} alignItems="flex-start">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator mt="0.5" />
                <RadioGroup.ItemText>
                  <Stack gap="0">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="medium">{personName(profile)}</Text>
                      {currentDelegateIds.has(profile.id) && (
                        <Badge size="xs" variant="subtle">
                          Already a delegate
                        </Badge>
                      )}
                    </HStack>
                    <Text fontSize="xs" color="fg.muted">
                      {[profile.email, profile.professional_title].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
    </Stack>
  );
}
