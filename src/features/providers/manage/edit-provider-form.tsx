/**
 * The 'Edit Provider Information' panel (spec §2, §5): identity, contact and taxonomy
 * groups with the spec's placeholders and the label 'Credential (MD, DO, NP, etc)';
 * validation through the valibot schema ('First name is required', 'Last name is required',
 * 'Invalid email format'); 'Save Changes' reads 'Saving...' and is disabled while saving.
 * On success the success toast shows and `onSaveSuccess` runs; Cancel calls `onCancel`.
 *
 * The inputs follow the record while the user has not touched them (an edit synced from
 * another device shows up), and keep what the user typed once they have; what was typed is
 * also kept on the device as a draft until it is saved or cancelled (edit-provider-draft.ts).
 */
import { Button, Card, Fieldset, HStack, Input, SimpleGrid } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { ProviderDoc } from '../../../db/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import {
  CANCEL_LABEL,
  CREDENTIAL_LABEL,
  EDIT_PROVIDER_FIELD_GROUPS,
  EDIT_PROVIDER_PLACEHOLDERS,
  EDIT_PROVIDER_TITLE,
  SAVE_CHANGES_LABEL,
  SAVING_LABEL,
  editProviderDefaults,
  editProviderSchema,
  type EditProviderFormValues,
} from '../model/edit-provider-schema.ts';
import type { SaveOutcome } from '../model/provider-texts.ts';
import { editSaveToasts } from '../model/provider-texts.ts';
import { showToast } from '../../../components/show-toast.ts';
import { DraftNote } from '../../../components/form/draft-note.tsx';
import { changesFrom, useEditProviderDraft } from './edit-provider-draft.ts';

type FieldName = keyof EditProviderFormValues;

// The schema also accepts null and missing values (records); the form only ever holds strings.
const resolver = valibotResolver(editProviderSchema) as unknown as Resolver<EditProviderFormValues, unknown, EditProviderFormValues>;

const LABELS: Readonly<Record<FieldName, string>> = {
  first_name: 'First name',
  last_name: 'Last name',
  nickname: 'Nickname',
  credential: CREDENTIAL_LABEL,
  email: 'Email',
  phone: 'Phone',
  taxonomy_code: 'Taxonomy code',
  taxonomy_description: 'Taxonomy description (specialty)',
  primary_state: 'Primary state',
  license_number: 'License number',
};

const GROUP_LEGENDS: Readonly<Record<keyof typeof EDIT_PROVIDER_FIELD_GROUPS, string>> = {
  identity: 'Identity',
  contact: 'Contact',
  taxonomy: 'Taxonomy and license',
};

const INPUT_TYPES: Partial<Record<FieldName, string>> = { email: 'email', phone: 'tel' };
/**
 * An explicit reset replaces what the user typed (the form's resetOptions keep typed values
 * only when the record changes underneath), through the registered inputs.
 */
const KEEP_INPUTS = { keepDirtyValues: false, keepFieldsRef: true } as const;
const REQUIRED: ReadonlySet<FieldName> = new Set(['first_name', 'last_name']);

export interface EditProviderFormProps {
  provider: Readonly<ProviderDoc>;
  /** Saves the values; resolves with what was saved (see data/save-provider.ts). */
  onSave: (values: EditProviderFormValues) => Promise<SaveOutcome>;
  onSaveSuccess?: () => void;
  onCancel?: () => void;
}

export function EditProviderForm({ provider, onSave, onSaveSuccess, onCancel }: EditProviderFormProps) {
  const values = useMemo(() => editProviderDefaults(provider), [provider]);
  // Saving is tracked here, not by formState.isSubmitting: the save writes the record, the
  // new record resets the form's values (keeping what was typed), and that reset clears
  // isSubmitting while the save still waits for the server's answer.
  const [saving, setSaving] = useState(false);
  const form = useForm<EditProviderFormValues, unknown, EditProviderFormValues>({
    values,
    resetOptions: { keepDirtyValues: true },
    resolver,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const kept = useEditProviderDraft(provider.id, values, form);

  const submit = handleSubmit(async (submitted) => {
    setSaving(true);
    let outcome: SaveOutcome;
    try {
      outcome = await onSave(submitted);
    } finally {
      setSaving(false);
    }
    const { toasts, succeeded } = editSaveToasts(outcome);
    toasts.forEach(showToast);
    if (!succeeded) return;
    reset(submitted, KEEP_INPUTS);
    void kept.end(changesFrom(submitted, values));
    onSaveSuccess?.();
  });

  const cancel = () => {
    reset(values, KEEP_INPUTS);
    void kept.end({});
    onCancel?.();
  };

  const busy = saving || isSubmitting;

  return (
    <Card.Root variant="outline" bg="bg.panel" asChild>
      <form onSubmit={submit} noValidate aria-labelledby="edit-provider-title" data-testid="edit-provider-form">
        <Card.Header>
          <Card.Title as="h2" fontSize="md" id="edit-provider-title">
            {EDIT_PROVIDER_TITLE}
          </Card.Title>
        </Card.Header>
        <Card.Body pt="3" gap="6">
          <DraftNote restoredAt={kept.restoredAt} savedAt={kept.savedAt} onDiscard={cancel} />
          {(Object.keys(EDIT_PROVIDER_FIELD_GROUPS) as Array<keyof typeof EDIT_PROVIDER_FIELD_GROUPS>).map((group) => (
            <Fieldset.Root key={group} disabled={busy}>
              <Fieldset.Legend fontSize="sm" fontWeight="semibold" color="fg.muted" mb="1">
                {GROUP_LEGENDS[group]}
              </Fieldset.Legend>
              <Fieldset.Content>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  {EDIT_PROVIDER_FIELD_GROUPS[group].map((name) => (
                    <Field key={name} label={LABELS[name]} required={REQUIRED.has(name)} invalid={!!errors[name]} errorText={errors[name]?.message}>
                      <Input
                        {...register(name)}
                        type={INPUT_TYPES[name] ?? 'text'}
                        placeholder={EDIT_PROVIDER_PLACEHOLDERS[name]}
                        autoComplete="off"
                      />
                    </Field>
                  ))}
                </SimpleGrid>
              </Fieldset.Content>
            </Fieldset.Root>
          ))}
        </Card.Body>
        <Card.Footer justifyContent="flex-end" borderTopWidth="1px" pt="4">
          <HStack gap="3">
            <Button type="button" variant="outline" onClick={cancel} disabled={busy}>
              {CANCEL_LABEL}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? SAVING_LABEL : SAVE_CHANGES_LABEL}
            </Button>
          </HStack>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
