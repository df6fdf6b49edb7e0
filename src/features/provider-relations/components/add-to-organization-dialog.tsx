/**
 * The 'Add to Organization' dialog (spec §2, §5, §8): the active organizations by legal
 * name, from local data; one must be chosen ('Organization is required'); a provider who is
 * already a member is refused ('Already a member'); otherwise the membership is created
 * active with assigned_by, or an inactive one reactivated. Instead of the spec's page reload
 * after success, the Organizations section's live query shows the new membership at once,
 * and nothing else on the page (an unsaved edit form) is lost.
 */
import { Button, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { MembershipDoc, OrganizationDoc, ProviderDoc } from '../../../db/index.ts';
import { Field } from '../../../components/ui/field.tsx';
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
import { providerFullName } from '../../../lib/provider/provider-name.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { addToOrganization } from '../data/relation-writes.ts';
import type { Live } from '../../../lib/local-data/use-live-query.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import {
  ADD_TO_ORGANIZATION_FAILED,
  ADD_TO_ORGANIZATION_SUCCESS,
  ADD_TO_ORGANIZATION_TITLE,
  ORGANIZATIONS_LOAD_FAILED,
  ORGANIZATION_TYPE_LABELS,
  organizationChoices,
} from '../model/add-to-organization.ts';
import { showToast } from '../../../components/show-toast.ts';
import { ALREADY_MEMBER_SUFFIX, ORGANIZATION_LABEL, ORGANIZATION_PLACEHOLDER } from '../shared/texts.ts';

export interface AddToOrganizationDialogProps {
  provider: Readonly<ProviderDoc>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizations: Live<ReadonlyArray<Readonly<OrganizationDoc>>>;
  memberships: Live<ReadonlyArray<Readonly<MembershipDoc>>>;
}

export function AddToOrganizationDialog({ provider, open, onOpenChange, organizations, memberships }: AddToOrganizationDialogProps) {
  const db = useLocalDatabase();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const [selected, setSelected] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choices =
    organizations.status === 'ready'
      ? organizationChoices(organizations.value, memberships.status === 'ready' ? memberships.value : [], provider.id)
      : [];

  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) {
      setSelected('');
      setFieldError(null);
    }
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!db) {
      showToast(ADD_TO_ORGANIZATION_FAILED);
      return;
    }
    setBusy(true);
    const result = await addToOrganization(db, { providerId: provider.id, organizationId: selected, userId });
    setBusy(false);
    if (!result.ok) {
      if ('field' in result) setFieldError(result.field);
      else showToast(result.toast);
      return;
    }
    if (result.outcome === 'failed') {
      showToast(ADD_TO_ORGANIZATION_FAILED);
      return;
    }
    showToast(ADD_TO_ORGANIZATION_SUCCESS);
    onOpenChange(false);
    setSelected('');
    setFieldError(null);
  }

  const name = providerFullName(provider) || 'this provider';

  return (
    <DialogRoot open={open} onOpenChange={(details) => close(details.open)} closeOnInteractOutside={!busy}>
      <DialogContent asChild>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="add-to-organization-dialog">
          <DialogHeader>
            <DialogTitle>{ADD_TO_ORGANIZATION_TITLE}</DialogTitle>
          </DialogHeader>
          <DialogBody>
            <Stack gap="4">
              <DialogDescription color="fg.muted">Choose the organization {name} works with.</DialogDescription>
              {organizations.status === 'loading' && <Spinner size="sm" color="brand.solid" aria-label="Loading organizations" />}
              {organizations.status === 'error' && (
                <Text color="fg.error" role="alert">
                  {ORGANIZATIONS_LOAD_FAILED.description}
                </Text>
              )}
              {organizations.status === 'ready' && (
                <Field label={ORGANIZATION_LABEL} required invalid={fieldError !== null} errorText={fieldError ?? undefined}>
                  <NativeSelect.Root disabled={busy}>
                    <NativeSelect.Field
                      value={selected}
                      onChange={(event) => {
                        setSelected(event.currentTarget.value);
                        setFieldError(null);
                      }}
                    >
                      <option value="">{ORGANIZATION_PLACEHOLDER}</option>
                      {choices.map((organization) => (
                        <option key={organization.id} value={organization.id}>
                          {organization.legal_name} — {ORGANIZATION_TYPE_LABELS[organization.type] ?? organization.type}
                          {organization.isMember ? ALREADY_MEMBER_SUFFIX : ''}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field>
              )}
            </Stack>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} loadingText="Adding..." disabled={organizations.status !== 'ready'}>
              {ADD_TO_ORGANIZATION_TITLE}
            </Button>
          </DialogFooter>
          <DialogCloseTrigger disabled={busy} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
