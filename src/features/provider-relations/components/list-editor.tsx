/**
 * A short list of addresses or numbers edited in place (the preferences' distribution
 * emails and fax numbers): each entry with a labelled remove button, and an input that adds
 * one (Enter or the Add button) after the caller's check (valid, not listed yet), whose
 * message shows under the input. The list's own error (e.g. 'Email required for email
 * notifications') and per-entry errors from the form's validation show too.
 */
import { Badge, Button, Fieldset, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { LuPlus, LuX } from 'react-icons/lu';
import { Field } from '../../../components/ui/field.tsx';
import type { ListAddition } from '../model/preferences-form.ts';

export interface ListEditorProps {
  legend: string;
  inputLabel: string;
  placeholder: string;
  addLabel: string;
  emptyText: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  add: (items: readonly string[], candidate: string) => ListAddition;
  remove: (items: readonly string[], index: number) => string[];
  inputType?: 'email' | 'tel' | 'text';
  helperText?: string;
  /** A badge on the first entry (e.g. the fax number that is used). */
  firstBadge?: string;
  listError?: string;
  itemErrors?: ReadonlyArray<string | undefined>;
  disabled?: boolean;
  testId?: string;
}

export function ListEditor(props: ListEditorProps) {
  const { legend, items, onChange, add, remove, itemErrors, listError, disabled } = props;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listId = useId();

  const commit = () => {
    const result = add(items, draft);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onChange(result.list);
    setDraft('');
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the entry; it must not submit the whole form.
    event.preventDefault();
    commit();
  };

  return (
    <Fieldset.Root disabled={disabled} invalid={!!listError} data-testid={props.testId}>
      <Fieldset.Legend fontSize="sm" fontWeight="semibold">
        {legend}
      </Fieldset.Legend>
      {props.helperText && <Fieldset.HelperText>{props.helperText}</Fieldset.HelperText>}
      <Fieldset.Content gap="3">
        {items.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {props.emptyText}
          </Text>
        ) : (
          <Stack as="ul" id={listId} gap="1.5" listStyleType="none" aria-label={legend}>
            {items.map((item, index) => (
              <Stack as="li" key={`${index}:${item}`} gap="0.5">
                <HStack gap="2" borderWidth="1px" rounded="md" ps="3" pe="1" py="1" bg="bg.subtle">
                  <Text flex="1" minW="0" truncate fontSize="sm">
                    {item}
                  </Text>
                  {index === 0 && props.firstBadge && (
                    <Badge size="sm" variant="subtle" colorPalette="brand">
                      {props.firstBadge}
                    </Badge>
                  )}
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`Remove ${item}`}
                    onClick={() => onChange(remove(items, index))}
                    disabled={disabled}
                  >
                    <LuX />
                  </IconButton>
                </HStack>
                {itemErrors?.[index] && (
                  <Text color="fg.error" fontSize="xs">
                    {itemErrors[index]}
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        )}
        <HStack align="flex-start" gap="2">
          <Field label={props.inputLabel} invalid={error !== null} errorText={error ?? undefined} flex="1">
            <Input
              type={props.inputType ?? 'text'}
              value={draft}
              placeholder={props.placeholder}
              autoComplete="off"
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                setError(null);
              }}
              onKeyDown={onKeyDown}
            />
          </Field>
          <Button type="button" variant="outline" mt="6" onClick={commit} disabled={disabled} aria-label={props.addLabel}>
            <LuPlus aria-hidden /> Add
          </Button>
        </HStack>
        {listError && <Fieldset.ErrorText>{listError}</Fieldset.ErrorText>}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
