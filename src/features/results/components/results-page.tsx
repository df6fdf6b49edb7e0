/**
 * /results (issue 32): the results inbox of a provider, their results delegates and staff —
 * what RLS lets this login read, synced to the device. Unreviewed results first, then
 * critical, then abnormal, newest first; filters and the search in the URL. The ordering
 * provider signs off one or many; anyone else marks them seen. The app's route wraps it in
 * the protected data's gate.
 */
import { Badge, Button, Checkbox, HStack, Input, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { useAlerts } from '../../../lib/alerts/alert-data.ts';
import { openCriticalResultIds } from '../../../lib/alerts/critical-values.ts';
import { SEARCH_PARAM } from '../../../lib/list/url-filters.ts';
import { useProviderNames } from '../../../lib/local-data/use-provider-names.ts';
import { useUrlFilters } from '../../../lib/list/use-url-filters.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { markResultsSeen, signOffResults } from '../data/review.ts';
import { useMyProviderId, useResultRecords } from '../data/use-results.ts';
import { filterResults, RESULT_FILTERS, REVIEW_STATES, type ResultListRow } from '../model/result-inbox.ts';
import { formatTime, RESULT_STATUS_LABELS, RESULT_TEXT, REVIEW_LABELS } from '../model/result-texts.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { FlagBadges } from './result-parts.tsx';

export function ResultsHeader() {
  return <PageHeader title={RESULT_TEXT.inboxTitle} description={RESULT_TEXT.inboxDescription} />;
}

export function ResultsInbox({ db }: { db: LocalDatabase }) {
  const records = useResultRecords(db);
  const user = useSessionStore(selectKnownUser);
  const myProviderId = useMyProviderId(user?.id ?? null);
  const providerNames = useProviderNames(records.results.map((result) => result.provider_id));
  const [filters, setFilter] = useUrlFilters(RESULT_FILTERS);
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const openAlerts = useAlerts({ openOnly: true });
  const openCritical = useMemo(() => openCriticalResultIds(openAlerts.status === 'ready' ? openAlerts.value : []), [openAlerts]);

  const rows = useMemo<ResultListRow[]>(() => {
    const patients = new Map(records.patients.map((patient) => [patient.id, patient]));
    return records.results.map((result) => {
      const patient = patients.get(result.patient_id);
      return {
        id: result.id,
        testCode: result.test_code,
        testName: result.test_name || result.test_code,
        requisitionNumber: result.requisition_number,
        status: result.status,
        abnormal: result.abnormal,
        critical: result.critical,
        criticalOpen: openCritical.has(result.id),
        receivedAt: result.received_at,
        reviewedAt: result.reviewed_at,
        seenAt: result.seen_at,
        providerId: result.provider_id,
        patientName: patient ? `${patient.last_name}, ${patient.first_name}` : 'Unknown patient',
        patientId: patient?.lab_patient_id ?? '',
        providerName: providerNames.get(result.provider_id)?.name ?? 'Unknown provider',
      };
    });
  }, [records, providerNames, openCritical]);
  const shown = filterResults(rows, filters, search);
  const chosen = shown.filter((row) => selected.has(row.id));
  const mineToSign = chosen.filter((row) => row.providerId === myProviderId && !row.reviewedAt);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const act = (kind: 'sign' | 'seen') => {
    if (!user) return;
    setBusy(true);
    const ids = (kind === 'sign' ? mineToSign : chosen).map((row) => row.id);
    const work = kind === 'sign' ? signOffResults(db, ids, user.id, myProviderId) : markResultsSeen(db, ids, user.id);
    work
      .then((count) => {
        toast({ title: kind === 'sign' ? RESULT_TEXT.signedOff(count) : RESULT_TEXT.markedSeen(count), variant: 'success' });
        setSelected(new Set());
      })
      .catch((error: unknown) => toast({ title: 'Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' }))
      .finally(() => setBusy(false));
  };

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field label="Search results">
          <Input
            type="search"
            value={search}
            placeholder="Test, patient, requisition or provider"
            onChange={(event) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (event.target.value.trim() === '') next.delete(SEARCH_PARAM);
                  else next.set(SEARCH_PARAM, event.target.value);
                  return next;
                },
                { replace: true },
              )
            }
          />
        </Field>
        <SelectField
          label="Review"
          value={filters.review}
          options={REVIEW_STATES.map((state) => ({ value: state, label: REVIEW_LABELS[state] }))}
          onChange={(value) => setFilter('review', value)}
        />
        <SelectField
          label="Flags"
          value={filters.flag}
          options={[
            { value: 'all', label: 'All results' },
            { value: 'abnormal', label: 'Abnormal only' },
            { value: 'critical', label: 'Critical only' },
            { value: 'unacknowledged', label: 'Critical, not acknowledged' },
          ]}
          onChange={(value) => setFilter('flag', value)}
        />
      </SimpleGrid>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" role="status">
          {records.status === 'loading' ? 'Reading the results on this device…' : `${shown.length} of ${rows.length} results`}
        </Text>
        <HStack gap="2">
          {myProviderId ? (
            <Button colorPalette="brand" size="sm" disabled={busy || mineToSign.length === 0} onClick={() => act('sign')}>
              {RESULT_TEXT.signOffSelected}
            </Button>
          ) : null}
          <Button variant="outline" size="sm" disabled={busy || chosen.every((row) => row.seenAt)} onClick={() => act('seen')}>
            {RESULT_TEXT.markSeenSelected}
          </Button>
        </HStack>
      </HStack>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="1">
                <Checkbox.Root
                  size="sm"
                  checked={shown.length > 0 && chosen.length === shown.length}
                  onCheckedChange={(event) => setSelected(event.checked === true ? new Set(shown.map((row) => row.id)) : new Set())}
                >
                  <Checkbox.HiddenInput aria-label="Select every result shown" />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              <Table.ColumnHeader>Test</Table.ColumnHeader>
              <Table.ColumnHeader>Patient</Table.ColumnHeader>
              <Table.ColumnHeader>Provider</Table.ColumnHeader>
              <Table.ColumnHeader>Received</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Review</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((row) => (
              <Table.Row key={row.id} data-testid="result-row" fontWeight={row.seenAt ? 'normal' : 'semibold'}>
                <Table.Cell>
                  <Checkbox.Root size="sm" checked={selected.has(row.id)} onCheckedChange={(event) => toggle(row.id, event.checked === true)}>
                    <Checkbox.HiddenInput aria-label={`Select ${row.testName} of ${row.patientName}`} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2" wrap="wrap">
                    <Link asChild fontWeight="medium">
                      <RouterLink to={`/results/${row.id}`}>{row.testName}</RouterLink>
                    </Link>
                    <FlagBadges critical={row.critical} abnormal={row.abnormal} />
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">{row.requisitionNumber}</Text>
                </Table.Cell>
                <Table.Cell>{row.patientName}</Table.Cell>
                <Table.Cell>{row.providerName}</Table.Cell>
                <Table.Cell>{formatTime(row.receivedAt)}</Table.Cell>
                <Table.Cell>{RESULT_STATUS_LABELS[row.status] ?? row.status}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={row.reviewedAt ? 'green' : 'gray'}>{row.reviewedAt ? 'Signed off' : row.seenAt ? 'Seen' : 'New'}</Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {records.status === 'ready' && shown.length === 0 ? <Text color="fg.muted">{RESULT_TEXT.empty}</Text> : null}
    </Stack>
  );
}
