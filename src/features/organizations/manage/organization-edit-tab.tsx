/**
 * The Edit tab (issue 24): the organization form with the record's values (the NPI read-only
 * once the registry verified it), saved to the local database (offline it waits on this
 * device and syncs); Refresh from NPPES (registry-refresh-card.tsx); deactivate and reactivate (an inactive organization stays, but is no
 * longer offered in pickers; the server records who and when).
 */
import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuPower, LuPowerOff } from 'react-icons/lu';
import { showToast } from '../../../components/show-toast.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { organizationFormValues, type OrganizationFields } from '../../../lib/organization/organization-form.ts';
import { setOrganizationActive, updateOrganization } from '../data/organization-writes.ts';
import {
  ORGANIZATION_DEACTIVATED,
  ORGANIZATION_REACTIVATED,
  ORGANIZATION_SAVE_FAILED,
  ORGANIZATION_SAVED,
  ORGANIZATION_SAVED_OFFLINE,
  ORGANIZATION_STATUS_FAILED,
} from '../model/organization-texts.ts';
import { OrganizationForm, type SaveRefusal } from '../form/organization-form.tsx';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { useManagedOrganization } from './manage-context.ts';
import { RegistryRefreshCard } from './registry-refresh-card.tsx';

export function OrganizationEditTab() {
  const organization = useManagedOrganization();
  const db = useLocalDatabase();
  const [busy, setBusy] = useState(false);
  const online = useSyncStore((state) => state.online);
  // The form starts from the record as it was when the tab opened (a sync does not overwrite typing).
  // A registry refresh that was applied starts the form again from the refreshed record.
  const [version, setVersion] = useState(0);
  const defaults = useMemo(() => organizationFormValues(organization), [organization.id, version]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async (fields: OrganizationFields): Promise<SaveRefusal> => {
    if (!db) {
      showToast(ORGANIZATION_SAVE_FAILED);
      return null;
    }
    const result = await updateOrganization(db, organization.id, fields, { timeoutMs: 3_000 });
    if (!result.ok) return { field: result.field, message: result.message };
    showToast(result.outcome === 'failed' ? ORGANIZATION_SAVE_FAILED : result.outcome === 'pending' && !online ? ORGANIZATION_SAVED_OFFLINE : ORGANIZATION_SAVED);
    return null;
  };

  const toggleActive = async () => {
    if (!db) return;
    setBusy(true);
    const next = !organization.is_active;
    const outcome = await setOrganizationActive(db, organization.id, next, { timeoutMs: 3_000 });
    setBusy(false);
    if (outcome === 'failed') showToast(ORGANIZATION_STATUS_FAILED);
    else if (outcome === 'pending' && !online) showToast(ORGANIZATION_SAVED_OFFLINE);
    else showToast(next ? ORGANIZATION_REACTIVATED : ORGANIZATION_DEACTIVATED);
  };

  return (
    <Stack gap="5">
      <OrganizationForm
        key={`${organization.id}:${version}`}
        defaultValues={defaults}
        npiLocked={organization.nppes_verified_at !== null && organization.npi !== null}
        submitLabel="Save Changes"
        onSave={save}
        testId="edit-organization-form"
      />
      <RegistryRefreshCard organization={organization} onApplied={() => setVersion((current) => current + 1)} />
      <Card.Root variant="outline" bg="bg.panel" maxW="5xl" as="section" aria-labelledby="organization-status-title">
        <Card.Body>
          <HStack justify="space-between" gap="4" wrap="wrap">
            <Stack gap="1">
              <Text fontWeight="semibold" id="organization-status-title">
                {organization.is_active ? 'Deactivate this organization' : 'This organization is inactive'}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {organization.is_active
                  ? 'It stays in the directory with its providers and history, but is no longer offered for new providers and orders.'
                  : 'Reactivate it to offer it again for new providers and orders.'}
              </Text>
            </Stack>
            <Button variant="outline" colorPalette={organization.is_active ? 'red' : 'green'} onClick={() => void toggleActive()} loading={busy} data-testid="organization-toggle-active">
              {organization.is_active ? <LuPowerOff aria-hidden /> : <LuPower aria-hidden />}
              {organization.is_active ? 'Deactivate' : 'Reactivate'}
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
