/**
 * The Edit tab's NPPES card for a healthcare organization or a sole proprietor: when the
 * record was last verified, and "Refresh from NPPES", which asks the registry again and
 * shows what changed (current and new value, field by field) before anything is applied.
 * Offline it says plainly that the registry needs a connection; a refused answer
 * (deactivated, wrong type, no longer a sole proprietor) shows the registry's findings and
 * changes nothing.
 */
import { Alert, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { showToast } from '../../../components/show-toast.ts';
import type { OrganizationDoc } from '../../../db/index.ts';
import { formatDetailDateTime } from '../../../lib/format/date.ts';
import { NPI_OFFLINE } from '../../../lib/functions/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import type { OrganizationType } from '../../../lib/organization/rules.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { lookUpOrganizationNpi } from '../data/look-up-npi.ts';
import { applyRegistryRefresh } from '../data/organization-writes.ts';
import { organizationLookupView } from '../model/organization-lookup.ts';
import { ORGANIZATION_SAVE_FAILED, ORGANIZATION_SAVED, ORGANIZATION_SAVED_OFFLINE } from '../model/organization-texts.ts';
import { REFRESH_TEXT, registryRefresh, type RegistryRefresh } from '../model/registry-refresh.ts';

type State = { kind: 'idle' } | { kind: 'asking' } | { kind: 'refused'; issues: string[]; hint: string | null } | { kind: 'review'; refresh: RegistryRefresh } | { kind: 'applying'; refresh: RegistryRefresh };

export function RegistryRefreshCard({ organization, onApplied }: { organization: Readonly<OrganizationDoc>; onApplied: () => void }) {
  const db = useLocalDatabase();
  const online = useSyncStore((state) => state.online);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const npi = organization.npi;
  if (!npi || (organization.type !== 'healthcare' && organization.type !== 'sole_proprietor')) return null;

  const ask = async () => {
    if (!online) return showToast(NPI_OFFLINE);
    setState({ kind: 'asking' });
    const answer = await lookUpOrganizationNpi(npi, organization.type as OrganizationType);
    if ('failure' in answer) {
      showToast(answer.failure);
      return setState({ kind: 'idle' });
    }
    const view = organizationLookupView(answer.result, organization.type as OrganizationType);
    if (!view.canContinue) return setState({ kind: 'refused', issues: view.issues, hint: view.hint });
    setState({ kind: 'review', refresh: registryRefresh(organization, answer.result, new Date().toISOString()) });
  };

  const apply = async (refresh: RegistryRefresh) => {
    if (!db) return showToast(ORGANIZATION_SAVE_FAILED);
    setState({ kind: 'applying', refresh });
    const outcome = await applyRegistryRefresh(db, organization.id, refresh.patch, { timeoutMs: 3_000 });
    showToast(outcome === 'failed' ? ORGANIZATION_SAVE_FAILED : outcome === 'pending' && !online ? ORGANIZATION_SAVED_OFFLINE : ORGANIZATION_SAVED);
    setState(outcome === 'failed' ? { kind: 'review', refresh } : { kind: 'idle' });
    if (outcome !== 'failed') onApplied();
  };

  const verified = organization.nppes_verified_at ? `Last verified with NPPES on ${formatDetailDateTime(organization.nppes_verified_at)}.` : 'Not verified with NPPES yet.';
  const refresh = state.kind === 'review' || state.kind === 'applying' ? state.refresh : null;

  return (
    <Card.Root variant="outline" bg="bg.panel" maxW="5xl" as="section" aria-labelledby="registry-refresh-title" data-testid="registry-refresh">
      <Card.Body gap="4">
        <HStack justify="space-between" gap="4" wrap="wrap">
          <Stack gap="1">
            <Text fontWeight="semibold" id="registry-refresh-title">
              {REFRESH_TEXT.title}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              NPI <Text as="span" fontFamily="mono">{npi}</Text>. {verified}
            </Text>
          </Stack>
          <Button variant="outline" onClick={() => void ask()} loading={state.kind === 'asking'} loadingText={REFRESH_TEXT.refreshing} disabled={state.kind === 'applying'}>
            <LuRefreshCw aria-hidden /> {REFRESH_TEXT.button}
          </Button>
        </HStack>
        {state.kind === 'refused' && (
          <Alert.Root status="warning" data-testid="registry-refresh-refused">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{REFRESH_TEXT.refused}</Alert.Title>
              <Alert.Description>{[...state.issues, state.hint].filter(Boolean).join(' ')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {refresh && refresh.changes.length === 0 && (
          <Stack gap="3" data-testid="registry-refresh-changes">
            <Text fontSize="sm">{REFRESH_TEXT.noChanges}</Text>
            <HStack gap="3">
              <Button size="sm" onClick={() => void apply(refresh)} loading={state.kind === 'applying'}>
                Record the verification
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setState({ kind: 'idle' })} disabled={state.kind === 'applying'}>
                {REFRESH_TEXT.discard}
              </Button>
            </HStack>
          </Stack>
        )}
        {refresh && refresh.changes.length > 0 && (
          <Stack gap="3" data-testid="registry-refresh-changes">
            <Text fontSize="sm">{REFRESH_TEXT.changesIntro}</Text>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Field</Table.ColumnHeader>
                    <Table.ColumnHeader>In this record</Table.ColumnHeader>
                    <Table.ColumnHeader>In NPPES now</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {refresh.changes.map((change) => (
                    <Table.Row key={change.field}>
                      <Table.Cell fontWeight="medium">{change.label}</Table.Cell>
                      <Table.Cell color="fg.muted">{change.current}</Table.Cell>
                      <Table.Cell>{change.next}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <HStack gap="3">
              <Button size="sm" onClick={() => void apply(refresh)} loading={state.kind === 'applying'}>
                {REFRESH_TEXT.apply}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setState({ kind: 'idle' })} disabled={state.kind === 'applying'}>
                {REFRESH_TEXT.discard}
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
