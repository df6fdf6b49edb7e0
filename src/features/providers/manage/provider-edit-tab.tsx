/**
 * The Profile tab (/manage/edit, spec §2): the provider's details, the 'Edit Provider
 * Information' panel, the Dates section and the Organizations section. Saving writes to the
 * local database (data/save-provider.ts); the page re-renders from the record as it changes.
 */
import { Grid, Stack } from '@chakra-ui/react';
import { useCallback } from 'react';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { databaseSaveDeps, saveProvider } from '../data/save-provider.ts';
import type { EditProviderFormValues } from '../model/edit-provider-schema.ts';
import type { SaveOutcome } from '../model/provider-texts.ts';
import { EditProviderForm } from './edit-provider-form.tsx';
import { useManagedProvider, type ProviderSlot } from './manage-context.ts';
import { ProviderDatesCard } from './provider-dates-card.tsx';
import { ProviderDetailsCard } from './provider-details-card.tsx';

export interface ProviderEditTabProps {
  /** The Organizations section with its Add to Organization dialog (provider-relations), composed by src/app. */
  organizationsSlot: ProviderSlot;
}

export function ProviderEditTab({ organizationsSlot: OrganizationsSlot }: ProviderEditTabProps) {
  const provider = useManagedProvider();
  const db = useLocalDatabase();

  const save = useCallback(
    async (values: EditProviderFormValues): Promise<SaveOutcome> => {
      if (!db) {
        console.error('[providers] saving failed: the local database is not open');
        return { detailsSaved: false, registrySaved: null };
      }
      return saveProvider(provider, values, databaseSaveDeps(db, provider.id));
    },
    [db, provider],
  );

  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 360px' }} gap="6" alignItems="start">
      <Stack gap="6" minW="0">
        <ProviderDetailsCard provider={provider} />
        <EditProviderForm provider={provider} onSave={save} />
      </Stack>
      <Stack gap="6" minW="0">
        <ProviderDatesCard provider={provider} />
        <OrganizationsSlot provider={provider} />
      </Stack>
    </Grid>
  );
}
