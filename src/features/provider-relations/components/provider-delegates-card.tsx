/**
 * The Provider Delegates card (spec §2 /delegates, §3, §4): the provider's active delegate
 * approvals with the delegate's name, email, professional title and permissions; 'Add
 * Delegate'; removal is soft (is_active false) and the list shows active ones only. Live
 * from the local database, so it works offline and shows changes synced from elsewhere.
 */
import { Badge, Button, Card, HStack, IconButton, Spinner, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuPlus, LuUserMinus } from 'react-icons/lu';
import type { ProviderDoc } from '../../../db/index.ts';
import { providerFullName } from '../../../lib/provider/provider-name.ts';
import { useProviderDelegates } from '../data/relation-queries.ts';
import { removeDelegate } from '../data/relation-writes.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import {
  DELEGATES_LOAD_FAILED,
  DELEGATE_REMOVED,
  PROVIDER_ID_NOT_AVAILABLE,
  activeDelegates,
  permissionsFromApprovalType,
} from '../model/delegate-rules.ts';
import { showToast } from '../../../components/show-toast.ts';
import { ADD_DELEGATE_TITLE, DELEGATES_TITLE, DELEGATE_REMOVE_FAILED, NO_DELEGATES } from '../shared/texts.ts';
import { AddDelegateDialog } from './add-delegate-dialog.tsx';
import { personName } from './user-search.tsx';

/** `readOnly`: the provider's own view (issue 25): who may act for them, without Add or Remove (staff's). */
export function ProviderDelegatesCard({ provider, readOnly = false }: { provider: Readonly<ProviderDoc>; readOnly?: boolean }) {
  const providerId = provider.id?.trim() ?? '';
  const db = useLocalDatabase();
  const delegates = useProviderDelegates(providerId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  const failed = delegates.status === 'error';
  const missingId = providerId === '';
  useEffect(() => {
    if (failed) showToast(DELEGATES_LOAD_FAILED);
  }, [failed]);
  useEffect(() => {
    if (missingId) showToast({ title: 'Error', description: PROVIDER_ID_NOT_AVAILABLE, type: 'error' });
  }, [missingId]);

  const entries = delegates.status === 'ready' ? delegates.value : [];
  const activeIds = new Set(activeDelegates(entries.map((entry) => entry.approval), providerId).map((approval) => approval.id));
  const active = entries
    .filter((entry) => activeIds.has(entry.approval.id))
    .sort((a, b) => (a.profile?.last_name ?? '').localeCompare(b.profile?.last_name ?? '') || a.approval.id.localeCompare(b.approval.id));

  async function remove(approvalId: string) {
    if (!db) return;
    setRemoving(approvalId);
    const outcome = await removeDelegate(db, approvalId);
    setRemoving(null);
    showToast(outcome === 'failed' ? DELEGATE_REMOVE_FAILED : DELEGATE_REMOVED);
  }

  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="provider-delegates-card" as="section" aria-labelledby="delegates-title">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Card.Title as="h2" fontSize="md" id="delegates-title">
            {DELEGATES_TITLE}
          </Card.Title>
          {!readOnly && (
            <Button size="sm" onClick={() => setDialogOpen(true)} disabled={missingId}>
              <LuPlus aria-hidden /> {ADD_DELEGATE_TITLE}
            </Button>
          )}
        </HStack>
        <Card.Description>
          {readOnly
            ? 'The people who may order tests or view results on your behalf. Ask the laboratory to change them.'
            : `Staff who may order tests or view results on behalf of ${providerFullName(provider) || 'this provider'}.`}
        </Card.Description>
      </Card.Header>
      <Card.Body pt="2">
        {missingId && (
          <Text color="fg.error" role="alert">
            {PROVIDER_ID_NOT_AVAILABLE}
          </Text>
        )}
        {!missingId && failed && (
          <Text color="fg.error" role="alert">
            {DELEGATES_LOAD_FAILED.description}
          </Text>
        )}
        {!missingId && delegates.status === 'loading' && <Spinner size="sm" color="brand.solid" aria-label="Loading delegates" />}
        {delegates.status === 'ready' && active.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            {NO_DELEGATES}
          </Text>
        )}
        {active.length > 0 && (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Active delegates">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Delegate</Table.ColumnHeader>
                  <Table.ColumnHeader>Email</Table.ColumnHeader>
                  <Table.ColumnHeader>Title</Table.ColumnHeader>
                  <Table.ColumnHeader>Permissions</Table.ColumnHeader>
                  {!readOnly && (
                    <Table.ColumnHeader textAlign="end">
                      <Text as="span" srOnly>
                        Actions
                      </Text>
                    </Table.ColumnHeader>
                  )}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {active.map(({ approval, profile }) => {
                  const name = profile ? personName(profile) : 'User not synced yet';
                  const rights = permissionsFromApprovalType(approval.approval_type);
                  return (
                    <Table.Row key={approval.id} data-testid="delegate-row">
                      <Table.Cell fontWeight="medium">{name}</Table.Cell>
                      <Table.Cell color="fg.muted">{profile?.email ?? '—'}</Table.Cell>
                      <Table.Cell color="fg.muted">{profile?.professional_title ?? '—'}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="1" wrap="wrap">
                          {rights.canOrder && (
                            <Badge size="sm" variant="subtle" colorPalette="brand">
                              Order tests
                            </Badge>
                          )}
                          {rights.canViewResults && (
                            <Badge size="sm" variant="subtle" colorPalette="teal">
                              View results
                            </Badge>
                          )}
                          {approval.can_view_vip_patients && (
                            <Badge size="sm" variant="subtle" colorPalette="orange">
                              VIP patients
                            </Badge>
                          )}
                        </HStack>
                      </Table.Cell>
                      {!readOnly && (
                        <Table.Cell textAlign="end">
                          <IconButton
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={`Remove ${name}`}
                            loading={removing === approval.id}
                            disabled={removing !== null}
                            onClick={() => void remove(approval.id)}
                          >
                            <LuUserMinus />
                          </IconButton>
                        </Table.Cell>
                      )}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
      {!readOnly && <AddDelegateDialog provider={provider} open={dialogOpen} onOpenChange={setDialogOpen} entries={entries} />}
    </Card.Root>
  );
}
