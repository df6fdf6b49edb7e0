/**
 * /results/{id} (issue 32): one result — the test, patient, order and provider, the critical
 * banner, the observations in the ordering provider's report format (docs/results.md), the
 * laboratory's report PDF, the patient's history of each numeric test as a chart with its
 * reference range, and the review: the ordering provider signs off, anyone else who may see
 * it marks it seen; its distribution by email and fax and, for a critical value, the
 * notification record (result-distribution.tsx). Its opening is logged.
 */
import { Badge, Box, Button, Card, DataList, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import type { LocalDatabase, ResultDoc } from '../../../db/index.ts';
import { formatListDate } from '../../../lib/format/date.ts';
import { useProviderNames } from '../../../lib/local-data/use-provider-names.ts';
import { reportFormatOf, reportView } from '../../../lib/results/index.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { loadDataLayer } from '../data/data-layer.ts';
import { openReport } from '../data/open-report.ts';
import { markResultsSeen, signOffResults } from '../data/review.ts';
import { useMyProviderId, usePreferences, useResultRecords } from '../data/use-results.ts';
import { observationsOf, previousValues, testHistories } from '../model/result-history.ts';
import { FORMAT_LABELS, formatDetailTime, RESULT_STATUS_LABELS, RESULT_TEXT } from '../model/result-texts.ts';
import { CriticalAcknowledge } from './critical-acknowledge.tsx';
import { ResultDistribution } from './result-distribution.tsx';
import { ResultHistoryChart } from './result-history-chart.tsx';
import { CriticalBanner, FlagBadges } from './result-parts.tsx';

function ReviewActions({ db, result, myProviderId }: { db: LocalDatabase; result: ResultDoc; myProviderId: string | null }) {
  const user = useSessionStore(selectKnownUser);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const run = (kind: 'sign' | 'seen') => {
    setBusy(true);
    const work = kind === 'sign' ? signOffResults(db, [result.id], user.id, myProviderId) : markResultsSeen(db, [result.id], user.id);
    work
      .then((n) => toast({ title: kind === 'sign' ? RESULT_TEXT.signedOff(n) : RESULT_TEXT.markedSeen(n), variant: 'success' }))
      .catch((error: unknown) => toast({ title: 'Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' }))
      .finally(() => setBusy(false));
  };
  if (result.reviewed_at) return <Badge colorPalette="green" size="lg">Signed off {formatDetailTime(result.reviewed_at)}</Badge>;
  const mine = myProviderId !== null && myProviderId === result.provider_id;
  return (
    <HStack gap="2">
      {mine ? (
        <Button colorPalette="brand" disabled={busy} onClick={() => run('sign')}>
          {RESULT_TEXT.signOff}
        </Button>
      ) : (
        <Text fontSize="sm" color="fg.muted">{RESULT_TEXT.onlyProvider}</Text>
      )}
      {!mine && !result.seen_at ? (
        <Button variant="outline" disabled={busy} onClick={() => run('seen')}>
          {RESULT_TEXT.markSeen}
        </Button>
      ) : null}
    </HStack>
  );
}

export function ResultDetail({ db }: { db: LocalDatabase }) {
  const { id = '' } = useParams();
  const records = useResultRecords(db);
  const user = useSessionStore(selectKnownUser);
  const myProviderId = useMyProviderId(user?.id ?? null);
  const [acknowledgedAt, setAcknowledgedAt] = useState(0);
  const result = records.results.find((item) => item.id === id) ?? null;
  const patient = result ? records.patients.find((item) => item.id === result.patient_id) : undefined;
  const provider = useProviderNames(result ? [result.provider_id] : []).get(result?.provider_id ?? '');
  const preference = usePreferences(result ? [result.provider_id] : []).get(result?.provider_id ?? '');
  const format = reportFormatOf(preference?.report_format);
  const patientResults = useMemo(() => (result ? records.results.filter((item) => item.patient_id === result.patient_id) : []), [records, result]);
  const view = useMemo(() => (result ? reportView(format, observationsOf(result), previousValues(result, patientResults)) : null), [format, result, patientResults]);
  // "Over time" needs an earlier value: a single point would be a chart of nothing.
  const histories = useMemo(
    () => (result ? testHistories(patientResults, observationsOf(result).map((obs) => obs.code)).filter((history) => history.points.length >= 2) : []),
    [patientResults, result],
  );

  useEffect(() => {
    if (result) void loadDataLayer().then((data) => data.recordOpening('results', result.id, result.patient_id));
    // One opening per result shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result?.id]);

  if (records.status === 'loading') return <Text color="fg.muted">Reading the result on this device…</Text>;
  if (!result || !view) return <Text>{RESULT_TEXT.notFound}</Text>;

  const showReport = async () => {
    if (!result.report_path) return;
    if (typeof navigator !== 'undefined' && !navigator.onLine) return void toast({ title: RESULT_TEXT.reportOffline, variant: 'warning' });
    try {
      await openReport(result.report_path);
    } catch {
      toast({ title: RESULT_TEXT.reportFailed, variant: 'destructive' });
    }
  };

  return (
    <Stack gap="5">
      <PageHeader
        eyebrow={result.requisition_number}
        title={result.test_name || result.test_code}
        description={patient ? `${patient.last_name}, ${patient.first_name} · ${patient.lab_patient_id}` : 'Unknown patient'}
        actions={<ReviewActions db={db} result={result} myProviderId={myProviderId} />}
      />
      {result.critical ? (
        <Stack gap="2">
          <CriticalBanner />
          <Box>
            <CriticalAcknowledge resultId={result.id} onAcknowledged={() => setAcknowledgedAt(Date.now())} />
          </Box>
        </Stack>
      ) : null}
      <Card.Root variant="outline">
        <Card.Body>
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item><DataList.ItemLabel>Status</DataList.ItemLabel><DataList.ItemValue><HStack>{RESULT_STATUS_LABELS[result.status] ?? result.status}<FlagBadges critical={result.critical} abnormal={result.abnormal} /></HStack></DataList.ItemValue></DataList.Item>
            <DataList.Item><DataList.ItemLabel>Ordering provider</DataList.ItemLabel><DataList.ItemValue>{provider?.name ?? 'Unknown provider'}</DataList.ItemValue></DataList.Item>
            <DataList.Item><DataList.ItemLabel>Collected</DataList.ItemLabel><DataList.ItemValue>{formatDetailTime(result.collected_at)}</DataList.ItemValue></DataList.Item>
            <DataList.Item><DataList.ItemLabel>Received</DataList.ItemLabel><DataList.ItemValue>{formatDetailTime(result.received_at)}</DataList.ItemValue></DataList.Item>
            <DataList.Item><DataList.ItemLabel>Report format</DataList.ItemLabel><DataList.ItemValue>{FORMAT_LABELS[format]}</DataList.ItemValue></DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Observations">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Test</Table.ColumnHeader>
              <Table.ColumnHeader>Value</Table.ColumnHeader>
              <Table.ColumnHeader>Reference range</Table.ColumnHeader>
              <Table.ColumnHeader>Flag</Table.ColumnHeader>
              {view.showStatus ? <Table.ColumnHeader>Status</Table.ColumnHeader> : null}
              {view.showPrevious ? <Table.ColumnHeader>Previous</Table.ColumnHeader> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.lines.map((line) => (
              <Table.Row key={line.code} data-testid="observation-row" color={line.critical ? 'fg.error' : undefined}>
                <Table.Cell>
                  {line.name}
                  {line.comments.map((comment) => <Text key={comment} fontSize="xs" color="fg.muted">{comment}</Text>)}
                </Table.Cell>
                <Table.Cell fontWeight={line.abnormal ? 'bold' : 'normal'}>{`${line.value} ${line.units}`.trim()}</Table.Cell>
                <Table.Cell>{line.range || '—'}</Table.Cell>
                <Table.Cell>{line.flags.join(' ') || '—'}</Table.Cell>
                {view.showStatus ? <Table.Cell>{line.status}</Table.Cell> : null}
                {view.showPrevious ? <Table.Cell>{line.previous ? `${line.previous.value} (${formatListDate(line.previous.at)})` : '—'}</Table.Cell> : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {view.normalCount > 0 ? (
        <Text fontSize="sm" color="fg.muted">{view.normalCount === 1 ? '1 other result within the reference range.' : `${view.normalCount} other results within the reference range.`}</Text>
      ) : null}
      {result.report_path ? (
        <Box>
          <Button variant="outline" onClick={() => void showReport()}>{RESULT_TEXT.openReport}</Button>
        </Box>
      ) : null}
      <ResultDistribution resultId={result.id} critical={result.critical} refreshKey={`${result.reviewed_at ?? ''}:${acknowledgedAt}`} />
      <Stack gap="4" as="section" aria-label={RESULT_TEXT.history}>
        <Text fontWeight="semibold">{RESULT_TEXT.history}</Text>
        {histories.length === 0 ? <Text color="fg.muted">{RESULT_TEXT.noHistory}</Text> : histories.map((history) => <ResultHistoryChart key={history.code} history={history} />)}
      </Stack>
    </Stack>
  );
}
