/**
 * /my-provider (issue 25): the page of a provider's own login (a clinician linked by "Link
 * User Account"). Not the staff directory with rows missing: their own details, how their
 * results reach them (which they may change), and who may act for them. The parts come
 * from the provider features as slots, composed by src/app (features do not import each
 * other); everything reads the local database, so it works offline.
 */
import { Center, Grid, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import type { ProviderDoc } from '../../db/index.ts';
import { providerDisplayName } from '../../lib/provider/provider-name.ts';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { useMyProvider } from './use-my-provider.ts';

export type MyProviderSlot = ComponentType<{ provider: Readonly<ProviderDoc> }>;

export interface MyProviderPageProps {
  detailsSlot: MyProviderSlot;
  preferencesSlot: MyProviderSlot;
  delegatesSlot: MyProviderSlot;
}

export const MY_PROVIDER_TITLE = 'My provider record';

export function MyProviderPage({ detailsSlot: Details, preferencesSlot: Preferences, delegatesSlot: Delegates }: MyProviderPageProps) {
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const mine = useMyProvider(userId);
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);

  if (mine.status === 'ready' && mine.value.kind === 'linked') {
    const { provider } = mine.value;
    return (
      <>
        <PageHeader
          title={providerDisplayName(provider) || MY_PROVIDER_TITLE}
          description="Your record at the laboratory: your details, how your results reach you, and who may act for you."
        />
        <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="5" alignItems="start" data-testid="my-provider">
          <Details provider={provider} />
          <Stack gap="5">
            <Preferences provider={provider} />
            <Delegates provider={provider} />
          </Stack>
        </Grid>
      </>
    );
  }
  const unlinked = mine.status === 'ready' && (mine.value.kind === 'unlinked' || firstSyncDone);
  return (
    <>
      <PageHeader title={MY_PROVIDER_TITLE} />
      {unlinked || mine.status === 'error' ? (
        <Text color="fg.muted" data-testid="my-provider-missing">
          No provider record is linked to your account. Please contact the laboratory.
        </Text>
      ) : (
        <Center py="24" role="status">
          <HStack gap="3" color="fg.muted">
            <Spinner size="md" color="brand.solid" />
            <Text>Loading your record…</Text>
          </HStack>
        </Center>
      )}
    </>
  );
}
