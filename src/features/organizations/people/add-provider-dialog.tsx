/**
 * The People tab's 'Add Provider' dialog: a provider of the directory (searched by name or
 * NPI among the active providers on this device) joins the organization, with the
 * membership rules every page applies (src/lib/membership): one must be chosen ('Provider
 * is required'), a provider already in the organization is refused ('Already a member'),
 * one removed before is reactivated, otherwise a new active membership is written.
 */
import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { FilterableSelect } from '../../../components/form/filterable-select.tsx';
import { showToast } from '../../../components/show-toast.ts';
import {
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import type { OrganizationDoc } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { ADD_PROVIDER_TITLE, PROVIDER_REQUIRED, providerChoices } from '../../../lib/membership/membership-directory.ts';
import { ADD_TO_ORGANIZATION_FAILED, ADD_TO_ORGANIZATION_SUCCESS, ORGANIZATION_REQUIRED } from '../../../lib/membership/membership-rules.ts';
import { addToOrganization } from '../../../lib/membership/membership-writes.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useAllProviders } from '../data/use-organization-people.ts';

export interface AddProviderDialogProps {
  organization: Readonly<OrganizationDoc>;
  activeMemberIds: ReadonlySet<string>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddProviderDialog({ organization, activeMemberIds, open, onOpenChange }: AddProviderDialogProps) {
  const db = useLocalDatabase();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const providers = useAllProviders(open);
  const [selected, setSelected] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = useMemo(
    () =>
      providers.status === 'ready'
        ? providerChoices(providers.value, activeMemberIds).map((choice) => ({
            value: choice.id,
            label: choice.isMember ? `${choice.label} (already a member)` : choice.label,
            keywords: choice.keywords,
          }))
        : [],
    [providers, activeMemberIds],
  );

  const reset = () => {
    setSelected('');
    setFieldError(null);
  };
  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) reset();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected) {
      setFieldError(PROVIDER_REQUIRED);
      return;
    }
    if (!db) {
      showToast(ADD_TO_ORGANIZATION_FAILED);
      return;
    }
    setBusy(true);
    const result = await addToOrganization(db, { providerId: selected, organizationId: organization.id, userId });
    setBusy(false);
    if (!result.ok) {
      if ('field' in result) setFieldError(result.field === ORGANIZATION_REQUIRED ? PROVIDER_REQUIRED : result.field);
      else showToast(result.toast);
      return;
    }
    if (result.outcome === 'failed') {
      showToast(ADD_TO_ORGANIZATION_FAILED);
      return;
    }
    showToast(ADD_TO_ORGANIZATION_SUCCESS);
    onOpenChange(false);
    reset();
  }

  return (
    <DialogRoot open={open} onOpenChange={(details) => close(details.open)} closeOnInteractOutside={!busy}>
      <DialogContent asChild>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="add-provider-dialog">
          <DialogHeader>
            <DialogTitle>{ADD_PROVIDER_TITLE}</DialogTitle>
          </DialogHeader>
          <DialogBody>
            <Stack gap="4">
              <DialogDescription color="fg.muted">Choose a provider of the directory who works with {organization.legal_name}.</DialogDescription>
              {providers.status === 'loading' && <Spinner size="sm" color="brand.solid" aria-label="Loading providers" />}
              {providers.status === 'error' && (
                <Text color="fg.error" role="alert">
                  Failed to load providers
                </Text>
              )}
              {providers.status === 'ready' && (
                <FilterableSelect
                  label="Provider"
                  required
                  error={fieldError}
                  options={options}
                  value={selected}
                  placeholder="Select a provider"
                  searchLabel="Find the provider"
                  searchPlaceholder="Name or NPI"
                  disabled={busy}
                  selectProps={{
                    value: selected,
                    onChange: (event) => {
                      setSelected(event.currentTarget.value);
                      setFieldError(null);
                    },
                  }}
                />
              )}
            </Stack>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} loadingText="Adding..." disabled={providers.status !== 'ready'}>
              {ADD_PROVIDER_TITLE}
            </Button>
          </DialogFooter>
          <DialogCloseTrigger disabled={busy} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
