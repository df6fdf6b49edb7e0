/**
 * The People tab's providers (issue 24): the organization's active memberships, each
 * linking to the provider, with the login account linked to that provider; Add Provider
 * (the shared membership rules) and Remove (soft: the membership stays, inactive, and the
 * provider can be added back from the removed list). Live from the local database.
 */
import { Badge, Button, Card, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { LuPlus, LuUserRound } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { showToast } from '../../../components/show-toast.ts';
import type { OrganizationDoc, ProfileDoc } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { ADD_PROVIDER_TITLE, NO_ORGANIZATION_PROVIDERS, organizationMembers, type MembershipEntry } from '../../../lib/membership/membership-directory.ts';
import {
  MEMBERSHIPS_LOAD_FAILED,
  REACTIVATE_MEMBERSHIP_FAILED,
  REACTIVATE_MEMBERSHIP_SUCCESS,
  REMOVE_MEMBERSHIP_FAILED,
  REMOVE_MEMBERSHIP_SUCCESS,
} from '../../../lib/membership/membership-rules.ts';
import { setMembershipActive } from '../../../lib/membership/membership-writes.ts';
import { providerManagePath } from '../../../lib/provider/provider-paths.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useOrganizationPeople } from '../data/use-organization-people.ts';
import { AddProviderDialog } from './add-provider-dialog.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

export function OrganizationProvidersCard({ organization }: { organization: Readonly<OrganizationDoc> }) {
  const db = useLocalDatabase();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const people = useOrganizationPeople(organization);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const failed = people.status === 'error';
  useEffect(() => {
    if (failed) showToast(MEMBERSHIPS_LOAD_FAILED);
  }, [failed]);

  const members = useMemo(() => (people.status === 'ready' ? organizationMembers(people.value.entries, organization.id) : null), [people, organization.id]);
  const activeIds = useMemo(() => new Set(members?.active.map((entry) => entry.provider.id) ?? []), [members]);

  async function setActive(entry: MembershipEntry, active: boolean) {
    if (!db) return;
    setBusyId(entry.id);
    const outcome = await setMembershipActive(db, entry.id, active, userId);
    setBusyId(null);
    if (outcome === 'failed') showToast(active ? REACTIVATE_MEMBERSHIP_FAILED : REMOVE_MEMBERSHIP_FAILED);
    else showToast(active ? REACTIVATE_MEMBERSHIP_SUCCESS : REMOVE_MEMBERSHIP_SUCCESS);
  }

  const accounts = people.status === 'ready' ? people.value.accounts : new Map<string, Array<Readonly<ProfileDoc>>>();

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="organization-providers-title" data-testid="organization-providers">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Stack gap="0.5">
            <Card.Title as="h2" fontSize="md" id="organization-providers-title">
              Providers
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              The providers who order under this account, and their login accounts.
            </Text>
          </Stack>
          <Button size="sm" variant="outline" onClick={() => setDialogOpen(true)}>
            <LuPlus aria-hidden /> {ADD_PROVIDER_TITLE}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {failed && (
          <Text color="fg.error" role="alert">
            {MEMBERSHIPS_LOAD_FAILED.description}
          </Text>
        )}
        {people.status === 'loading' && <Spinner size="sm" color="brand.solid" aria-label="Loading providers" />}
        {members && members.active.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            {NO_ORGANIZATION_PROVIDERS}
          </Text>
        )}
        {members && members.active.length > 0 && (
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Providers of this organization" divideY="1px">
            {members.active.map((entry) => (
              <MemberRow key={entry.id} entry={entry} organization={organization} accounts={accounts.get(entry.provider.id) ?? []} busy={busyId === entry.id} action="Remove" onAction={() => void setActive(entry, false)} />
            ))}
          </Stack>
        )}
        {members && members.removed.length > 0 && (
          <Stack as="details" gap="2" mt="4">
            <Text as="summary" fontSize="sm" color="fg.muted" cursor="pointer">
              Removed providers ({members.removed.length})
            </Text>
            <Stack as="ul" gap="0" listStyleType="none" aria-label="Removed providers" divideY="1px">
              {members.removed.map((entry) => (
                <MemberRow key={entry.id} entry={entry} organization={organization} accounts={accounts.get(entry.provider.id) ?? []} busy={busyId === entry.id} action="Add back" onAction={() => void setActive(entry, true)} />
              ))}
            </Stack>
          </Stack>
        )}
      </Card.Body>
      <AddProviderDialog organization={organization} activeMemberIds={activeIds} open={dialogOpen} onOpenChange={setDialogOpen} />
    </Card.Root>
  );
}

interface MemberRowProps {
  entry: MembershipEntry;
  organization: Readonly<OrganizationDoc>;
  accounts: ReadonlyArray<Readonly<ProfileDoc>>;
  busy: boolean;
  action: 'Remove' | 'Add back';
  onAction: () => void;
}

function MemberRow({ entry, organization, accounts, busy, action, onAction }: MemberRowProps) {
  const { provider } = entry;
  return (
    <HStack as="li" gap="3" py="3" justify="space-between" align="center" wrap="wrap" data-testid="organization-member">
      <HStack gap="3" align="flex-start" minW="0">
        <Text as="span" color="fg.muted" mt="0.5" aria-hidden>
          <LuUserRound />
        </Text>
        <Stack gap="1" minW="0">
          <Link asChild fontWeight="medium" color="fg" variant="underline">
            <RouterLink to={providerManagePath(provider.id)}>{entry.providerName}</RouterLink>
          </Link>
          <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
            <Text fontFamily="mono">{provider.npi ? `NPI ${provider.npi}` : 'No NPI'}</Text>
            {!provider.is_active && (
              <Badge size="sm" variant="subtle" colorPalette="gray">
                Inactive provider
              </Badge>
            )}
            {accounts.length === 0 ? (
              <Text>No login account</Text>
            ) : (
              accounts.map((account) => (
                <Badge key={account.id} size="sm" variant="outline" data-testid="member-account">
                  Login: {account.email ?? 'no email'}
                  {account.deactivated_at ? ' (deactivated)' : ''}
                </Badge>
              ))
            )}
          </HStack>
        </Stack>
      </HStack>
      {action === 'Remove' ? (
        <RowActions
          label={`Actions for ${entry.providerName}`}
          busy={busy}
          actions={[
            {
              id: 'remove',
              label: 'Remove from organization',
              onSelect: onAction,
              confirm: {
                title: `Remove ${entry.providerName}?`,
                text: `${entry.providerName} will no longer order under ${organization.legal_name}. The membership is kept: the provider can be added back from Removed providers.`,
                confirmLabel: 'Remove',
              },
            },
          ]}
        />
      ) : (
        <Button size="xs" variant="outline" loading={busy} onClick={onAction} aria-label={`${action} ${entry.providerName}`}>
          {action}
        </Button>
      )}
    </HStack>
  );
}
