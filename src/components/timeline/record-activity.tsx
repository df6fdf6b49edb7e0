/**
 * A record's "Activity" section (issue 27): a heading and the shared audit feed filtered to
 * that one record, for pages that show it under their own content (the patient and order
 * pages) rather than in a tab.
 */
import { Heading, Stack } from '@chakra-ui/react';
import { recordAuditFilters } from '../../lib/timeline/audit-query.ts';
import { AuditFeed } from './audit-feed.tsx';

export function RecordActivity({ table, rowId, emptyText }: { table: string; rowId: string; emptyText: string }) {
  const titleId = `${table}-activity-title`;
  return (
    <Stack gap="2" as="section" aria-labelledby={titleId}>
      <Heading as="h2" size="md" id={titleId}>
        Activity
      </Heading>
      <AuditFeed filters={recordAuditFilters(table, rowId)} showRecord={false} emptyText={emptyText} />
    </Stack>
  );
}
