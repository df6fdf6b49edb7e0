/**
 * The Provider Preferences card of the manage page's Preferences tab (spec §2): how lab
 * results reach the provider. Reads the provider's preferences live from the local database;
 * 'Provider preferences not found. Please try again later.' once this device has finished
 * its first download and still has none; 'Failed to load provider preferences' when the
 * local read fails.
 */
import { Card, HStack, Spinner, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { ProviderDoc } from '../../../db/index.ts';
import { providerFullName } from '../../../lib/provider/provider-name.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { usePreferences } from '../data/relation-queries.ts';
import { PREFERENCES_LOAD_FAILED, PREFERENCES_NOT_FOUND } from '../model/preferences-form.ts';
import { showToast } from '../../../components/show-toast.ts';
import { PREFERENCES_TITLE } from '../shared/texts.ts';
import { PreferencesEditor } from './preferences-editor.tsx';

export function ProviderPreferencesCard({ provider }: { provider: Readonly<ProviderDoc> }) {
  const preferences = usePreferences(provider.id);
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);
  const failed = preferences.status === 'error';
  const notFound = preferences.status === 'ready' && preferences.value === null && firstSyncDone;

  useEffect(() => {
    if (failed) showToast(PREFERENCES_LOAD_FAILED);
  }, [failed]);
  useEffect(() => {
    if (notFound) showToast(PREFERENCES_NOT_FOUND);
  }, [notFound]);

  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="provider-preferences-card" as="section" aria-labelledby="preferences-title">
      <Card.Header>
        <Card.Title as="h2" fontSize="md" id="preferences-title">
          {PREFERENCES_TITLE}
        </Card.Title>
        <Card.Description>How lab results reach {providerFullName(provider) || 'this provider'}.</Card.Description>
      </Card.Header>
      {failed && (
        <Card.Body pt="2">
          <Text color="fg.error" role="alert">
            {PREFERENCES_LOAD_FAILED.description}
          </Text>
        </Card.Body>
      )}
      {notFound && (
        <Card.Body pt="2">
          <Text color="fg.error" role="alert">
            {PREFERENCES_NOT_FOUND.description}
          </Text>
        </Card.Body>
      )}
      {!failed && !notFound && (preferences.status !== 'ready' || preferences.value === null) && (
        <Card.Body pt="2">
          <HStack gap="3" color="fg.muted">
            <Spinner size="sm" color="brand.solid" />
            <Text>Loading preferences…</Text>
          </HStack>
        </Card.Body>
      )}
      {preferences.status === 'ready' && preferences.value !== null && (
        <PreferencesEditor provider={provider} preferences={preferences.value} />
      )}
    </Card.Root>
  );
}
