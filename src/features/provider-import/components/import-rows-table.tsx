/**
 * The import's rows: line, NPI, the registry's name, what became of the row and its
 * problems. Each line is memoized on its row: the job keeps the objects of rows that did
 * not change, so a repaint during the import renders only the rows that moved.
 */
import { Badge, Table, Text } from '@chakra-ui/react';
import { memo } from 'react';
import type { JobRow, RowStatus } from '../model/import-job.ts';

const STATUS: Record<RowStatus, { label: string; palette: string }> = {
  pending: { label: 'Looking up', palette: 'gray' },
  ready: { label: 'Ready', palette: 'blue' },
  rejected: { label: 'Problem', palette: 'red' },
  created: { label: 'Created', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
};

const ImportRowLine = memo(function ImportRowLine({ row }: { row: JobRow }) {
  return (
    <Table.Row data-testid={`import-row-${row.line}`}>
      <Table.Cell>{row.line}</Table.Cell>
      <Table.Cell fontFamily="mono">{row.npi}</Table.Cell>
      <Table.Cell>{row.legal_name ?? ''}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS[row.status].palette}>{STATUS[row.status].label}</Badge>
      </Table.Cell>
      <Table.Cell>
        {[...row.problems, ...(row.message ? [row.message] : [])].map((problem) => (
          <Text key={problem} color="fg.error" fontSize="sm">
            {problem}
          </Text>
        ))}
      </Table.Cell>
    </Table.Row>
  );
});

export const ImportRowsTable = memo(function ImportRowsTable({ rows }: { rows: readonly JobRow[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="32rem">
      <Table.Root size="sm" stickyHeader aria-label="Rows of the file">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Line</Table.ColumnHeader>
            <Table.ColumnHeader>NPI</Table.ColumnHeader>
            <Table.ColumnHeader>Name in NPPES</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Problems</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <ImportRowLine key={row.line} row={row} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
});
