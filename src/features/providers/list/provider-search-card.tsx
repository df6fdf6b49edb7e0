/**
 * The 'Find Providers' card (spec §2): the live search box with its clear button, and how
 * many providers the search shows. `/` focuses it; Escape clears it.
 */
import { Card, CloseButton, HStack, Input, InputGroup, Kbd, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuSearch } from 'react-icons/lu';
import { FIND_PROVIDERS_TITLE } from '../model/provider-texts.ts';
import { escapeClears, useSlashToFocus } from './use-search-shortcuts.ts';

export interface ProviderSearchCardProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** What the search matches, under the title. */
  hint: string;
  /** e.g. '12 of 59 providers'; null while loading. */
  summary: string | null;
}

export function ProviderSearchCard({ value, onChange, placeholder, hint, summary }: ProviderSearchCardProps) {
  const input = useRef<HTMLInputElement>(null);
  useSlashToFocus(input);
  const clear = () => {
    onChange('');
    input.current?.focus();
  };

  return (
    <Card.Root variant="outline" size="sm" mb="4" bg="bg.panel">
      <Card.Header pb="0">
        <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
          <Card.Title as="h2" fontSize="md">
            {FIND_PROVIDERS_TITLE}
          </Card.Title>
          {summary && (
            <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="provider-count">
              {summary}
            </Text>
          )}
        </HStack>
        <Card.Description fontSize="sm">{hint}</Card.Description>
      </Card.Header>
      <Card.Body pt="3">
        <InputGroup
          startElement={<LuSearch aria-hidden />}
          endElement={
            value ? (
              <CloseButton size="xs" variant="ghost" aria-label="Clear search" me="-1" onClick={clear} />
            ) : (
              <Kbd size="sm" aria-hidden title="Press / to search">
                /
              </Kbd>
            )
          }
        >
          <Input
            ref={input}
            type="text"
            role="searchbox"
            enterKeyHint="search"
            value={value}
            placeholder={placeholder}
            aria-label="Search providers"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={escapeClears(value, clear)}
          />
        </InputGroup>
      </Card.Body>
    </Card.Root>
  );
}
