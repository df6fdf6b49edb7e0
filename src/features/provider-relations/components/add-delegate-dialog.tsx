/**
 * The 'Add Delegate' dialog (spec §2, §4, §5, §8): find a user (user-search.tsx), choose the
 * permissions 'Order tests' and 'View results' (both → both, one → that one; viewing VIP
 * patients is not active yet: disabled, marked Coming Soon), and add. A person who already
 * has an approval for this provider has it updated and reactivated, never duplicated; their
 * current permissions are pre-selected. Works offline on local data and syncs.
 */
import { Badge, Button, Checkbox, Fieldset, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ProfileDoc, ProviderDoc } from '../../../db/index.ts';
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
import { useProfiles, type DelegateEntry } from '../data/relation-queries.ts';
import { addDelegate } from '../data/relation-writes.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import {
  DELEGATE_ADDED,
  PROVIDER_MISSING_FOR_DELEGATE,
  VIP_COMING_SOON,
  permissionsFromApprovalType,
  providerNotFoundMessage,
  type DelegatePermissions,
} from '../model/delegate-rules.ts';
import { showToast } from '../../../components/show-toast.ts';
import { ADD_DELEGATE_TITLE, DELEGATE_ADD_FAILED } from '../shared/texts.ts';
import { personName, UserSearch } from './user-search.tsx';

export interface AddDelegateDialogProps {
  provider: Readonly<ProviderDoc>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The provider's approvals (active or not). */
  entries: readonly DelegateEntry[];
}

const NO_PERMISSIONS: DelegatePermissions = { canOrder: false, canViewResults: false };

export function AddDelegateDialog({ provider, open, onOpenChange, entries }: AddDelegateDialogProps) {
  const db = useLocalDatabase();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const profiles = useProfiles(open);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Readonly<ProfileDoc> | null>(null);
  const [permissions, setPermissions] = useState<DelegatePermissions>(NO_PERMISSIONS);
  const [busy, setBusy] = useState(false);

  const current = new Set(entries.filter((entry) => entry.approval.is_active).map((entry) => entry.approval.delegate_id));

  const resetForm = () => {
    setQuery('');
    setSelected(null);
    setPermissions(NO_PERMISSIONS);
  };

  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) resetForm();
  };

  const select = (profile: Readonly<ProfileDoc>) => {
    setSelected(profile);
    const existing = entries.find((entry) => entry.approval.delegate_id === profile.id && entry.approval.is_active);
    setPermissions(existing ? permissionsFromApprovalType(existing.approval.approval_type) : NO_PERMISSIONS);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!db) {
      showToast(DELEGATE_ADD_FAILED);
      return;
    }
    setBusy(true);
    const result = await addDelegate(db, {
      providerId: provider.id,
      delegateId: selected?.id ?? null,
      permissions,
      // Not active yet (spec §6): never granted from here.
      canViewVipPatients: false,
      userId,
    });
    setBusy(false);
    if (!result.ok) {
      // The provider vanished from this device (removed elsewhere): name which one.
      const title = result.error === PROVIDER_MISSING_FOR_DELEGATE ? providerNotFoundMessage(provider.id) : 'Error';
      showToast({ title, description: result.error, type: 'error' });
      return;
    }
    if (result.outcome === 'failed') {
      showToast(DELEGATE_ADD_FAILED);
      return;
    }
    showToast(DELEGATE_ADDED);
    onOpenChange(false);
    resetForm();
  }

  const permission = (key: keyof DelegatePermissions, label: string) => (
    <Checkbox.Root
      checked={permissions[key]}
      onCheckedChange={(details) => setPermissions((previous) => ({ ...previous, [key]: details.checked === true }))}
      disabled={busy}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );

  return (
    <DialogRoot open={open} onOpenChange={(details) => close(details.open)} closeOnInteractOutside={!busy} size="md">
      <DialogContent asChild>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="add-delegate-dialog">
          <DialogHeader>
            <DialogTitle>{ADD_DELEGATE_TITLE}</DialogTitle>
          </DialogHeader>
          <DialogBody>
            <Stack gap="5">
              <DialogDescription color="fg.muted">
                Choose who may order tests or view results on behalf of {providerFullName(provider) || 'this provider'}.
              </DialogDescription>
              <UserSearch
                query={query}
                onQueryChange={setQuery}
                profiles={profiles}
                selectedId={selected?.id ?? null}
                onSelect={select}
                currentDelegateIds={current}
                disabled={busy}
              />
              {selected && (
                <Text fontSize="sm" data-testid="selected-delegate">
                  Selected: <strong>{personName(selected)}</strong>
                  {selected.email ? ` (${selected.email})` : ''}
                </Text>
              )}
              <Fieldset.Root>
                <Fieldset.Legend fontSize="sm" fontWeight="semibold">
                  Permissions
                </Fieldset.Legend>
                <Fieldset.Content gap="2.5">
                  {permission('canOrder', 'Order tests')}
                  {permission('canViewResults', 'View results')}
                  <HStack gap="2">
                    <Checkbox.Root checked={false} disabled>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>View VIP patients</Checkbox.Label>
                    </Checkbox.Root>
                    <Badge size="sm" variant="surface" colorPalette="orange">
                      {VIP_COMING_SOON}
                    </Badge>
                  </HStack>
                </Fieldset.Content>
              </Fieldset.Root>
            </Stack>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} loadingText="Adding...">
              {ADD_DELEGATE_TITLE}
            </Button>
          </DialogFooter>
          <DialogCloseTrigger disabled={busy} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
