/**
 * The audit trail as a readable feed (issue 27), shared by /timeline and the Activity tabs
 * of the provider and organization pages: what happened in words ("Credential: MD → DO"),
 * to which record, by whom, when (relative, and the exact time beside it). Entries load
 * newest first; "Load older entries" pages back; the feed says plainly when it cannot load
 * more (offline, or the server failed) and when there is nothing older.
 */
import { Alert, Badge, Box, Button, Card, Center, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatListDateTime, formatTimeAgo } from '../../lib/format/date.ts';
import { RECORD_KIND_LABELS, type AuditEntry } from '../../lib/timeline/audit-entry.ts';
import type { AuditFilters } from '../../lib/timeline/audit-query.ts';
import { describeAuditEntry, type AuditWording } from '../../lib/timeline/audit-wording.ts';
import { END_OF_TIMELINE, useAuditFeed } from '../../lib/timeline/use-audit-feed.ts';
import { useAuditNames, type AuditNames } from '../../lib/timeline/use-audit-names.ts';

const TONE_PALETTE: Readonly<Record<AuditWording['tone'], string>> = {
  create: 'green',
  change: 'blue',
  verify: 'purple',
  access: 'orange',
  remove: 'red',
};

/** Where a record of the feed opens (the directory's manage pages). */
export function recordPath(entry: AuditEntry): string | null {
  const id = encodeURIComponent(entry.row_id);
  if (entry.table_name === 'providers') return `/providers/${id}/manage/edit`;
  if (entry.table_name === 'organizations') return `/organizations/${id}/manage/edit`;
  if (entry.table_name === 'profiles') return `/users/manage/${id}`;
  if (entry.table_name === 'patients') return `/patients/${id}`;
  if (entry.table_name === 'orders') return `/orders/${id}`;
  return null;
}

export const AuditFeedEntry = memo(function AuditFeedEntry({ entry, names, showRecord }: { entry: AuditEntry; names: AuditNames; showRecord: boolean }) {
  const words = describeAuditEntry(entry);
  const at = new Date(entry.changed_at);
  const record = names.record(entry);
  const path = recordPath(entry);
  return (
    <Box as="li" listStyleType="none" py="3" borderBottomWidth="1px" borderColor="border.muted" data-testid="audit-entry">
      <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <Stack gap="1" minW="0" flex="1">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={TONE_PALETTE[words.tone]} variant="subtle" size="sm">
              {RECORD_KIND_LABELS[entry.table_name] ?? entry.table_name}
            </Badge>
            <Text fontWeight="medium">{words.title}</Text>
            {showRecord && record && (
              <Text color="fg.muted" truncate>
                {path ? (
                  <Link asChild color="fg.muted" textDecoration="underline">
                    <RouterLink to={path}>{record}</RouterLink>
                  </Link>
                ) : (
                  record
                )}
              </Text>
            )}
          </HStack>
          {words.changes.map((line) => (
            <Text key={line} fontSize="sm" data-testid="audit-change">
              {line}
            </Text>
          ))}
          <Text fontSize="sm" color="fg.muted">
            by {names.person(entry.changed_by)}
          </Text>
        </Stack>
        <Stack gap="0" textAlign="end" flexShrink={0}>
          <Text fontSize="sm" title={at.toISOString()}>
            {formatTimeAgo(at)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatListDateTime(at)}
          </Text>
        </Stack>
      </HStack>
    </Box>
  );
});

export function AuditFeed({ filters, showRecord = true, emptyText = 'Nothing has been recorded yet.' }: { filters: AuditFilters; showRecord?: boolean; emptyText?: string }) {
  const feed = useAuditFeed(filters);
  const names = useAuditNames(feed.entries);
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="audit-feed">
      <Card.Body py="2">
        {feed.loading && feed.entries.length === 0 ? (
          <Center py="8">
            <Spinner aria-label="Loading the timeline" />
          </Center>
        ) : feed.entries.length === 0 && !feed.problem ? (
          <Text py="6" textAlign="center" color="fg.muted" data-testid="audit-feed-empty">
            {emptyText}
          </Text>
        ) : (
          <Box as="ol" m="0" p="0" aria-label="Audit entries, newest first">
            {feed.entries.map((entry) => (
              <AuditFeedEntry key={entry.id} entry={entry} names={names} showRecord={showRecord} />
            ))}
          </Box>
        )}
        <Stack py="3" gap="3" align="center">
          {feed.problem && (
            <Alert.Root status="warning" variant="surface" data-testid="audit-feed-problem">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{feed.problem}</Alert.Title>
            </Alert.Root>
          )}
          {feed.exhausted && !feed.problem && feed.entries.length > 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="audit-feed-end">
              {END_OF_TIMELINE}
            </Text>
          ) : (
            !feed.loading && (
              <Button size="sm" variant="outline" onClick={feed.loadMore} loading={feed.loadingMore} loadingText="Loading older entries…">
                {feed.problem ? 'Try again' : 'Load older entries'}
              </Button>
            )
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
