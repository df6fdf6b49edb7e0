/**
 * /results/unmatched (issues 27 and 32): the results the laboratory sent that matched no order
 * or could not be read, still open — the list the dashboard's "Results that matched no
 * order" counts. They are server-only records (result_inbox_errors, staff only by RLS), so
 * the page reads them online and says plainly when it cannot.
 */
import { Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { fetchOpenUnmatchedResults, type UnmatchedResult } from '../../../lib/results/unmatched-results.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { formatTime } from '../model/result-texts.ts';

type Loaded = { status: 'loading' } | { status: 'ready'; rows: UnmatchedResult[] } | { status: 'error'; message: string };

export function UnmatchedResultsPage() {
  const online = useSyncStore((state) => state.online);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!online) return undefined;
    let stopped = false;
    fetchOpenUnmatchedResults().then(
      (rows) => !stopped && setLoaded({ status: 'ready', rows }),
      (error: unknown) => !stopped && setLoaded({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      stopped = true;
    };
  }, [online]);

  return (
    <Stack gap="4">
      <PageHeader title="Results that matched no order" description="Results the laboratory sent for an order this product does not know, or that could not be read. They are kept on the server until staff match or reject them." />
      {!online ? (
        <Text color="fg.muted" role="status">You are offline. These results are kept on the server and are listed when you are back online.</Text>
      ) : loaded.status === 'loading' ? (
        <Text color="fg.muted" role="status">Loading…</Text>
      ) : loaded.status === 'error' ? (
        <Text color="fg.error" role="alert">The results that matched no order could not be loaded: {loaded.message}</Text>
      ) : loaded.rows.length === 0 ? (
        <Text color="fg.muted" data-testid="unmatched-none">Every result the laboratory sent matched an order.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Received</Table.ColumnHeader>
                <Table.ColumnHeader>Requisition</Table.ColumnHeader>
                <Table.ColumnHeader>Patient (as the laboratory sent it)</Table.ColumnHeader>
                <Table.ColumnHeader>Why it was not filed</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {loaded.rows.map((row) => (
                <Table.Row key={row.id} data-testid="unmatched-row">
                  <Table.Cell>{formatTime(row.received_at)}</Table.Cell>
                  <Table.Cell>{row.placer_order_number ?? '(none)'}</Table.Cell>
                  <Table.Cell>{row.patient_name ?? '(none)'}</Table.Cell>
                  <Table.Cell>{row.error}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
