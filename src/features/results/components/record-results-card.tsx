/**
 * The results of one order, or of one patient, on that order's or patient's page (issues 26
 * and 32): critical and abnormal first, each opening its result, with its status and whether
 * the ordering provider signed it off. From this device's protected database, offline too.
 * The app's routes compose it into the orders and patients features' pages (features do not
 * import each other).
 */
import { Badge, Card, Link, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { LocalDatabase } from '../../../db/index.ts';
import { useResultRecords } from '../data/use-results.ts';
import { resultsOfRecord, type RecordOfResults } from '../model/record-results.ts';
import { formatTime, RESULT_STATUS_LABELS } from '../model/result-texts.ts';
import { FlagBadges } from './result-parts.tsx';

export const RECORD_RESULTS_TEXT = {
  title: 'Results',
  loading: 'Reading the results on this device…',
  noneForOrder: 'No results for this order yet.',
  noneForPatient: 'No results for this patient yet.',
  signedOff: 'Signed off',
  notSignedOff: 'Not signed off',
} as const;

export function RecordResultsCard({ db, of }: { db: LocalDatabase; of: RecordOfResults }) {
  const records = useResultRecords(db);
  const key = 'orderId' in of ? of.orderId : of.patientId;
  const results = useMemo(() => resultsOfRecord(records.results, of), [records.results, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const forPatient = 'patientId' in of;
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="record-results-title" data-testid="record-results">
      <Card.Header>
        <Card.Title id="record-results-title">{RECORD_RESULTS_TEXT.title}</Card.Title>
      </Card.Header>
      <Card.Body>
        {records.status === 'loading' ? (
          <Text color="fg.muted">{RECORD_RESULTS_TEXT.loading}</Text>
        ) : results.length === 0 ? (
          <Text color="fg.muted">{forPatient ? RECORD_RESULTS_TEXT.noneForPatient : RECORD_RESULTS_TEXT.noneForOrder}</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Test</Table.ColumnHeader>
                  {forPatient && <Table.ColumnHeader>Requisition</Table.ColumnHeader>}
                  <Table.ColumnHeader>Received</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Review</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {results.map((result) => (
                  <Table.Row key={result.id} data-testid="record-result">
                    <Table.Cell>
                      <Link asChild colorPalette="brand" fontWeight="medium" me="2">
                        <RouterLink to={`/results/${result.id}`}>{result.test_name || result.test_code}</RouterLink>
                      </Link>
                      <FlagBadges critical={result.critical} abnormal={result.abnormal} />
                    </Table.Cell>
                    {forPatient && <Table.Cell>{result.requisition_number}</Table.Cell>}
                    <Table.Cell whiteSpace="nowrap">{formatTime(result.received_at)}</Table.Cell>
                    <Table.Cell>{RESULT_STATUS_LABELS[result.status] ?? result.status}</Table.Cell>
                    <Table.Cell>
                      <Badge variant="subtle" colorPalette={result.reviewed_at ? 'green' : 'gray'}>
                        {result.reviewed_at ? RECORD_RESULTS_TEXT.signedOff : RECORD_RESULTS_TEXT.notSignedOff}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
