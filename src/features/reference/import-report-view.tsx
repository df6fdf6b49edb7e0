/** The report of a check or an import: the counts, then every row that is not unchanged, with its reasons. */
import { Badge, Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { ImportOutcome, ImportReport } from '../../lib/lab/import-diff.ts';

const OUTCOME_LABEL: Record<ImportOutcome, string> = {
  added: 'Added',
  changed: 'Changed',
  unchanged: 'Unchanged',
  removed: 'Removed',
  refused: 'Refused',
};
const OUTCOME_PALETTE: Record<ImportOutcome, string> = { added: 'green', changed: 'blue', unchanged: 'gray', removed: 'orange', refused: 'red' };

/** How many rows the table shows (a whole ICD-10-CM release can change thousands of codes). */
const SHOWN = 500;

export function ImportReportView({ report, label }: { report: ImportReport; label: string }) {
  const shown = report.rows.slice(0, SHOWN);
  return (
    <Stack gap="3" data-testid="import-report">
      <HStack gap="2" wrap="wrap" aria-label={`${label}: counts`}>
        <Text fontSize="sm" color="fg.muted">
          {report.read.toLocaleString('en-US')} read:
        </Text>
        {(Object.keys(OUTCOME_LABEL) as ImportOutcome[]).map((outcome) => (
          <Badge key={outcome} colorPalette={OUTCOME_PALETTE[outcome]} variant="subtle" data-testid={`count-${outcome}`}>
            {report.counts[outcome].toLocaleString('en-US')} {OUTCOME_LABEL[outcome].toLowerCase()}
          </Badge>
        ))}
      </HStack>
      {shown.length > 0 && (
        <Box overflowX="auto" borderWidth="1px" rounded="md" maxH="96" overflowY="auto">
          <Table.Root size="sm" aria-label={label} stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="20">Line</Table.ColumnHeader>
                <Table.ColumnHeader w="32">Code</Table.ColumnHeader>
                <Table.ColumnHeader w="28">Outcome</Table.ColumnHeader>
                <Table.ColumnHeader>Details</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((row, index) => (
                <Table.Row key={`${row.line ?? 'x'}-${row.key ?? ''}-${index}`} data-outcome={row.outcome}>
                  <Table.Cell>{row.line ?? '—'}</Table.Cell>
                  <Table.Cell fontFamily="mono">{row.key ?? '—'}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={OUTCOME_PALETTE[row.outcome]} variant="subtle">
                      {OUTCOME_LABEL[row.outcome]}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell whiteSpace="normal">
                    {row.outcome === 'refused' ? (
                      <Stack gap="0.5">
                        {row.reasons.map((reason) => (
                          <Text key={reason}>{reason}</Text>
                        ))}
                      </Stack>
                    ) : row.outcome === 'changed' ? (
                      `Changes ${row.fields.join(', ')}`
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {report.rows.length > SHOWN && (
        <Text fontSize="sm" color="fg.muted">
          The first {SHOWN} of {report.rows.length.toLocaleString('en-US')} rows are shown.
        </Text>
      )}
    </Stack>
  );
}
