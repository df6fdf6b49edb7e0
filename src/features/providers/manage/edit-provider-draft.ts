/**
 * The provider edit form's draft (src/lib/drafts): the fields the user changed from the
 * record, kept on the device as they are typed and put back over the record after a reload
 * or a closed tab; saving or cancelling ends it. Only the changes are kept, so an edit that
 * reached the record from another device meanwhile still shows in the fields left alone.
 */
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useDraft, type FormDraft } from '../../../lib/drafts/use-draft.ts';
import type { EditProviderFormValues } from '../model/edit-provider-schema.ts';

export type ProviderChanges = Partial<EditProviderFormValues>;

/** The fields whose value differs from the record's. */
export function changesFrom(values: Partial<EditProviderFormValues>, record: EditProviderFormValues): ProviderChanges {
  const changes: ProviderChanges = {};
  for (const name of Object.keys(record) as Array<keyof EditProviderFormValues>) {
    const value = values[name];
    if (typeof value === 'string' && value !== record[name]) changes[name] = value;
  }
  return changes;
}

export function useEditProviderDraft(
  providerId: string,
  record: EditProviderFormValues,
  form: Pick<UseFormReturn<EditProviderFormValues, unknown, EditProviderFormValues>, 'setValue' | 'watch'>,
): FormDraft<ProviderChanges> {
  const kept = useDraft<ProviderChanges>({
    form: 'provider-edit',
    record: providerId,
    initial: () => ({}),
    isEmpty: (changes) => Object.keys(changes).length === 0,
  });
  const recordRef = useRef(record);
  recordRef.current = record;
  const restored = useRef(false);
  const { setValue, watch } = form;
  const { status, value, keep } = kept;

  // The restored changes go over the record once, as if typed.
  useEffect(() => {
    if (status !== 'ready' || restored.current) return;
    restored.current = true;
    for (const [name, changed] of Object.entries(value) as Array<[keyof EditProviderFormValues, string]>) setValue(name, changed, { shouldDirty: true });
  }, [status, value, setValue]);

  useEffect(() => {
    if (status !== 'ready') return undefined;
    const subscription = watch((values) => keep(changesFrom(values, recordRef.current)));
    return () => subscription.unsubscribe();
  }, [status, keep, watch]);

  return kept;
}
