/**
 * A select over a long list (every organization, every provider), with a search box that
 * narrows its options: the create-provider form's organization, the People tab's provider.
 * A native select stays the control (keyboard, screen readers and touch devices handle it
 * natively); the search box only filters what it offers, at most `limit` options at once
 * (a native select with thousands of options is slow to open and useless to scroll). The
 * chosen option always stays in the list, so a narrower search never clears the choice.
 */
import { Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState, type SelectHTMLAttributes } from 'react';
import { Field } from '../ui/field.tsx';

export interface FilterableOption {
  value: string;
  label: string;
  /** Lowercased text the search matches (every word must appear); the label when absent. */
  keywords?: string;
}

export interface FilterableSelectProps {
  label: string;
  required?: boolean;
  error?: string | null;
  options: readonly FilterableOption[];
  /** The chosen value ('' for none). */
  value: string;
  placeholder: string;
  searchLabel: string;
  searchPlaceholder: string;
  disabled?: boolean;
  /** Props of the select itself: react-hook-form's register(...) or value/onChange. */
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> };
  limit?: number;
  /** Shown under the select (e.g. why the list is empty). */
  note?: React.ReactNode;
  gridColumn?: Record<string, string>;
}

/** The options a search leaves, the chosen one always kept; `more` counts the matches beyond the limit. */
export function filterOptions(options: readonly FilterableOption[], search: string, chosen: string, limit: number): { shown: FilterableOption[]; matches: number } {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = words.length === 0 ? options : options.filter((option) => words.every((word) => (option.keywords ?? option.label.toLowerCase()).includes(word)));
  const shown = matching.slice(0, limit);
  if (chosen && !shown.some((option) => option.value === chosen)) {
    const kept = options.find((option) => option.value === chosen);
    if (kept) shown.unshift(kept);
  }
  return { shown, matches: matching.length };
}

export function FilterableSelect({
  label,
  required,
  error,
  options,
  value,
  placeholder,
  searchLabel,
  searchPlaceholder,
  disabled,
  selectProps,
  limit = 200,
  note,
  gridColumn,
}: FilterableSelectProps) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const { shown, matches } = useMemo(() => filterOptions(options, deferred, value, limit), [options, deferred, value, limit]);
  const narrowed = deferred.trim() !== '';
  return (
    <Stack gap="2" gridColumn={gridColumn}>
      <Field label={searchLabel}>
        <Input type="search" size="sm" value={search} onChange={(event) => setSearch(event.currentTarget.value)} placeholder={searchPlaceholder} disabled={disabled} autoComplete="off" />
      </Field>
      <Field label={label} required={required} invalid={!!error} errorText={error ?? undefined}>
        <NativeSelect.Root disabled={disabled}>
          <NativeSelect.Field {...selectProps} placeholder={placeholder}>
            {shown.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {(narrowed || matches > limit) && (
          <Text fontSize="xs" color="fg.muted" aria-live="polite">
            {matches === 0
              ? 'Nothing matches this search.'
              : matches > limit
                ? `Showing ${limit.toLocaleString('en-US')} of ${matches.toLocaleString('en-US')}: type to narrow the list.`
                : `${matches.toLocaleString('en-US')} ${matches === 1 ? 'match' : 'matches'}`}
          </Text>
        )}
        {note}
      </Field>
    </Stack>
  );
}
