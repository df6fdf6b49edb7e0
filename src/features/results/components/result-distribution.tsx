/**
 * The result page's two server records (issue 32), read online: "Distribution" — each
 * email and fax of the result by the provider's preferences, sent, retrying (with the
 * reason and the next attempt) or failed — and, for a critical value, the "Critical value
 * notification record": who was told, when, by which channel, each escalation round, and
 * who acknowledged it and when.
 */
import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { useDistribution, type DistributionRow } from '../data/use-distribution.ts';
import { DISTRIBUTION_TEXT, formatTime } from '../model/result-texts.ts';

const CHANNEL_LABELS: Record<DistributionRow['channel'], string> = { email: 'Email', fax: 'Fax', in_app: 'In-app alert' };

function StatusBadge({ row }: { row: DistributionRow }) {
  if (row.status === 'sent') return <Badge colorPalette="green">Sent</Badge>;
  if (row.status === 'failed') return <Badge colorPalette="red">Failed</Badge>;
  if (row.attempts > 0) return <Badge colorPalette="orange">Retrying</Badge>;
  return <Badge>Queued</Badge>;
}

function outcome(row: DistributionRow): string {
  if (row.status === 'sent') return formatTime(row.sent_at);
  if (row.status === 'failed') return `${row.last_error ?? ''} (after ${row.attempts} attempt${row.attempts === 1 ? '' : 's'})`;
  if (row.attempts > 0) return `${row.last_error ?? ''}; attempt ${row.attempts + 1} at ${formatTime(row.next_attempt_at)}`;
  return 'Waiting to be sent';
}

function SendTable({ rows, label, withRound }: { rows: DistributionRow[]; label: string; withRound: boolean }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {withRound ? <Table.ColumnHeader>Notice</Table.ColumnHeader> : null}
            <Table.ColumnHeader>Channel</Table.ColumnHeader>
            <Table.ColumnHeader>To</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>When / why</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id} data-testid="distribution-row">
              {withRound ? <Table.Cell>{row.round === 0 ? 'First notice' : `Escalation ${row.round}`}</Table.Cell> : null}
              <Table.Cell>{CHANNEL_LABELS[row.channel]}</Table.Cell>
              <Table.Cell>
                {row.recipient}
                {row.recipient_name && row.channel !== 'in_app' ? <Text fontSize="xs" color="fg.muted">{row.recipient_name}</Text> : null}
              </Table.Cell>
              <Table.Cell><StatusBadge row={row} /></Table.Cell>
              <Table.Cell>{outcome(row)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function ResultDistribution({ resultId, critical, refreshKey }: { resultId: string; critical: boolean; refreshKey?: unknown }) {
  const state = useDistribution(resultId, refreshKey);
  const body = (() => {
    if (state.status === 'loading') return { result: <Text color="fg.muted">{DISTRIBUTION_TEXT.loading}</Text>, critical: null };
    if (state.status === 'offline') return { result: <Text color="fg.muted">{DISTRIBUTION_TEXT.offline}</Text>, critical: null };
    if (state.status === 'failed') return { result: <Text color="fg.error">{DISTRIBUTION_TEXT.failed(state.message)}</Text>, critical: null };
    const sends = state.rows.filter((row) => row.purpose === 'result');
    const notices = state.rows.filter((row) => row.purpose !== 'result');
    const ack = state.acknowledgement;
    return {
      result: sends.length === 0 ? <Text color="fg.muted">{DISTRIBUTION_TEXT.none}</Text> : <SendTable rows={sends} label={DISTRIBUTION_TEXT.title} withRound={false} />,
      critical: (
        <Stack gap="2">
          <Text data-testid="critical-acknowledgement" fontWeight={ack?.at ? 'normal' : 'semibold'} color={ack?.at ? undefined : 'fg.error'}>
            {ack?.at ? DISTRIBUTION_TEXT.acknowledged(ack.by ?? 'a user', formatTime(ack.at)) : DISTRIBUTION_TEXT.notAcknowledged}
          </Text>
          {notices.length === 0 ? <Text color="fg.muted">{DISTRIBUTION_TEXT.noNotices}</Text> : <SendTable rows={notices} label={DISTRIBUTION_TEXT.criticalTitle} withRound />}
        </Stack>
      ),
    };
  })();
  return (
    <>
      {critical ? (
        <Stack gap="3" as="section" aria-label={DISTRIBUTION_TEXT.criticalTitle}>
          <Text fontWeight="semibold">{DISTRIBUTION_TEXT.criticalTitle}</Text>
          {body.critical ?? body.result}
        </Stack>
      ) : null}
      <Stack gap="3" as="section" aria-label={DISTRIBUTION_TEXT.title}>
        <Text fontWeight="semibold">{DISTRIBUTION_TEXT.title}</Text>
        {body.result}
      </Stack>
    </>
  );
}
