/**
 * A list's search card (the provider list's 'Find Providers', spec §2): the live search box
 * with its clear button, and how many rows the search shows. `/` focuses it; Escape clears
 * it. Optional filter controls (URL filters) sit under the box.
 *
 * A keystroke re-renders only the box and the count (the search budget, ARCHITECTURE.md):
 * the card's frame is memoized on its fixed texts, and the parts that change read the
 * search from contexts, the clear button from one that only changes when the box turns
 * empty or not.
 */
import { Card, CloseButton, HStack, Input, InputGroup, Kbd, type InputProps } from '@chakra-ui/react';
import { createContext, memo, useCallback, useContext, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { LuSearch } from 'react-icons/lu';
import { escapeClears, useSlashToFocus } from './use-search-shortcuts.ts';
import './list-table.css';

export interface SearchCardProps {
  /** The card's title, e.g. 'Find Providers'. */
  title: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The search box's accessible name, e.g. 'Search providers'. */
  label: string;
  /** What the search matches, under the title. */
  hint: string;
  /** e.g. '12 of 59 providers'; null while loading. */
  summary: string | null;
  /** Test id of the count (e.g. 'provider-count'). */
  countTestId: string;
  /** Filter controls under the box (keep the element stable: the frame is memoized on it). */
  filters?: ReactNode;
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

export function SearchCard({ title, value, onChange, placeholder, label, hint, summary, countTestId, filters }: SearchCardProps) {
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
        <SearchCardFrame title={title} placeholder={placeholder} label={label} hint={hint} input={input} countTestId={countTestId} filters={filters} />
      </ClearContext.Provider>
    </SearchFieldContext.Provider>
  );
}

interface FrameProps {
  title: string;
  placeholder: string;
  label: string;
  hint: string;
  input: RefObject<HTMLInputElement | null>;
  countTestId: string;
  filters?: ReactNode;
}

const SearchCardFrame = memo(function SearchCardFrame({ title, placeholder, label, hint, input, countTestId, filters }: FrameProps) {
  return (
    <Card.Root variant="outline" size="sm" mb="4" bg="bg.panel">
      <Card.Header pb="0">
        <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
          <Card.Title as="h2" fontSize="md">
            {title}
          </Card.Title>
          <SearchSummary testId={countTestId} />
        </HStack>
        <Card.Description fontSize="sm">{hint}</Card.Description>
      </Card.Header>
      <Card.Body pt="3">
        <InputGroup startElement={<LuSearch aria-hidden />} endElement={<ClearOrShortcut />}>
          <SearchBox ref={input} placeholder={placeholder} label={label} />
        </InputGroup>
        {filters}
      </Card.Body>
    </Card.Root>
  );
});

/** The count, e.g. '12 of 59 providers' (plain markup: it changes on most keystrokes). */
function SearchSummary({ testId }: { testId: string }) {
  const { summary } = useSearchField();
  if (!summary) return null;
  return (
    <p className="lt-search-summary" aria-live="polite" data-testid={testId}>
      {summary}
    </p>
  );
}

/** The box itself; InputGroup hands it the padding that makes room for the icons. */
function SearchBox({ ref, placeholder, label, ...groupProps }: InputProps & { ref: RefObject<HTMLInputElement | null>; placeholder: string; label: string }) {
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
      aria-label={label}
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
