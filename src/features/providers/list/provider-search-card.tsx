/**
 * The 'Find Providers' card (spec §2): the live search box with its clear button, and how
 * many providers the search shows. `/` focuses it; Escape clears it.
 *
 * A keystroke re-renders only the box and the count (the search budget, ARCHITECTURE.md):
 * the card's frame is memoized on its fixed texts, and the parts that change read the
 * search from contexts, the clear button from one that only changes when the box turns
 * empty or not.
 */
import { Card, CloseButton, HStack, Input, InputGroup, Kbd, type InputProps } from '@chakra-ui/react';
import { createContext, memo, useCallback, useContext, useMemo, useRef, type RefObject } from 'react';
import { LuSearch } from 'react-icons/lu';
import { FIND_PROVIDERS_TITLE } from '../model/provider-texts.ts';
import { escapeClears, useSlashToFocus } from './use-search-shortcuts.ts';
import './provider-search-card.css';

export interface ProviderSearchCardProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** What the search matches, under the title. */
  hint: string;
  /** e.g. '12 of 59 providers'; null while loading. */
  summary: string | null;
}

interface SearchField {
  value: string;
  summary: string | null;
  onChange: (value: string) => void;
  clear: () => void;
}

const SearchFieldContext = createContext<SearchField | null>(null);
/** Whether the box has text, and how to clear it: changes only when the box empties or fills. */
const ClearContext = createContext<{ hasText: boolean; clear: () => void } | null>(null);

function useSearchField(): SearchField {
  const field = useContext(SearchFieldContext);
  if (!field) throw new Error('The search field is used outside its card');
  return field;
}

export function ProviderSearchCard({ value, onChange, placeholder, hint, summary }: ProviderSearchCardProps) {
  const input = useRef<HTMLInputElement>(null);
  useSlashToFocus(input);
  const clear = useCallback(() => {
    onChange('');
    input.current?.focus();
  }, [onChange]);
  const field = useMemo(() => ({ value, summary, onChange, clear }), [value, summary, onChange, clear]);
  const hasText = value !== '';
  const clearState = useMemo(() => ({ hasText, clear }), [hasText, clear]);
  return (
    <SearchFieldContext.Provider value={field}>
      <ClearContext.Provider value={clearState}>
        <SearchCardFrame placeholder={placeholder} hint={hint} input={input} />
      </ClearContext.Provider>
    </SearchFieldContext.Provider>
  );
}

const SearchCardFrame = memo(function SearchCardFrame({ placeholder, hint, input }: { placeholder: string; hint: string; input: RefObject<HTMLInputElement | null> }) {
  return (
    <Card.Root variant="outline" size="sm" mb="4" bg="bg.panel">
      <Card.Header pb="0">
        <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
          <Card.Title as="h2" fontSize="md">
            {FIND_PROVIDERS_TITLE}
          </Card.Title>
          <SearchSummary />
        </HStack>
        <Card.Description fontSize="sm">{hint}</Card.Description>
      </Card.Header>
      <Card.Body pt="3">
        <InputGroup startElement={<LuSearch aria-hidden />} endElement={<ClearOrShortcut />}>
          <SearchBox ref={input} placeholder={placeholder} />
        </InputGroup>
      </Card.Body>
    </Card.Root>
  );
});

/** The count, e.g. '12 of 59 providers' (plain markup: it changes on most keystrokes). */
function SearchSummary() {
  const { summary } = useSearchField();
  if (!summary) return null;
  return (
    <p className="pd-search-summary" aria-live="polite" data-testid="provider-count">
      {summary}
    </p>
  );
}

/** The box itself; InputGroup hands it the padding that makes room for the icons. */
function SearchBox({ ref, placeholder, ...groupProps }: InputProps & { ref: RefObject<HTMLInputElement | null>; placeholder: string }) {
  const { value, onChange, clear } = useSearchField();
  return (
    <Input
      {...groupProps}
      ref={ref}
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
  );
}

/** The clear button while there is text, else the `/` shortcut hint. */
function ClearOrShortcut() {
  const state = useContext(ClearContext);
  if (state?.hasText) return <CloseButton size="xs" variant="ghost" aria-label="Clear search" me="-1" onClick={state.clear} />;
  return (
    <Kbd size="sm" aria-hidden title="Press / to search">
      /
    </Kbd>
  );
}
