/**
 * /reference (Administration): the versions of the reference data in use on this device,
 * and, for admins, the imports of the compendium, ICD-10-CM and the lab NCDs. Others are
 * told plainly that the page is for admins; the server refuses their imports anyway.
 */
import { Alert, Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/page-header.tsx';
import { REFERENCE_DATA_SETS } from '../../lib/lab/reference-types.ts';
import { useReferenceData } from '../../lib/reference/index.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { ImportCard } from './import-card.tsx';
import { ADMIN_ONLY_TEXT } from './import-texts.ts';
import { ReferenceVersionsCard } from './reference-versions-card.tsx';

export function ReferenceAdminPage() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const online = useSyncStore((state) => state.online);
  const reference = useReferenceData();
  return (
    <>
      <PageHeader
        title="Reference data"
        description="The test compendium, ICD-10-CM diagnosis codes and Medicare’s lab coverage lists (NCDs) that order entry uses. Every device keeps a copy for offline work and fetches a new version when it next starts online."
      />
      <Stack gap="6">
        {!isAdmin && (
          <Alert.Root status="info" data-testid="admin-only">
            <Alert.Indicator />
            <Alert.Title whiteSpace="normal">{ADMIN_ONLY_TEXT}</Alert.Title>
          </Alert.Root>
        )}
        <ReferenceVersionsCard reference={reference} />
        {isAdmin && REFERENCE_DATA_SETS.map((name) => <ImportCard key={name} dataSet={name} info={reference.data?.sets[name] ?? null} online={online} />)}
      </Stack>
    </>
  );
}
