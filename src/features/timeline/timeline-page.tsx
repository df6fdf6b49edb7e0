/**
 * /timeline (issue 27): the audit trail as a readable feed, filtered from the URL (kind of
 * record, record, user, action, date range), with the admins' CSV export of what the
 * filters select. The feed itself is shared with the Activity tabs (src/components/timeline).
 */
import { Button, Card, Field, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LuDownload, LuX } from 'react-icons/lu';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/show-toast.ts';
import { AuditFeed } from '../../components/timeline/audit-feed.tsx';
import { useLiveQuery } from '../../lib/local-data/use-live-query.ts';
import { useUrlFilters } from '../../lib/list/use-url-filters.ts';
import { AUDIT_ACTIONS, AUDITED_TABLES, RECORD_KIND_LABELS } from '../../lib/timeline/audit-entry.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { ACTION_LABELS, auditFiltersOf, TIMELINE_FILTERS } from './timeline-filters.ts';

function usePeople(): Array<{ id: string; name: string }> {
  const live = useLiveQuery('timeline-people', (db) => db.profiles.find().$, 'people');
  return useMemo(() => {
    if (live.status !== 'ready') return [];
    return live.value
      .map((doc) => ({ id: doc.id, name: [doc.first_name, doc.last_name].filter(Boolean).join(' ') || doc.email || doc.id }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [live]);
}

export function TimelinePage() {
  const [values, setFilter] = useUrlFilters(TIMELINE_FILTERS);
  const filters = useMemo(() => auditFiltersOf(values), [values]);
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const people = usePeople();
  return (
    <>
      <PageHeader
        title="Timeline"
        description="Who did what, newest first: every change, verification, invitation and role change, in words."
        actions={isAdmin ? <ExportButton filters={filters} /> : null}
      />
      <Card.Root variant="outline" bg="bg.panel" mb="4">
        <Card.Body>
          <SimpleGrid columns={{ base: 2, lg: 5 }} gap="3">
            <Field.Root>
              <Field.Label>Kind of record</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={values.kind} onChange={(event) => setFilter('kind', event.currentTarget.value)}>
                  <option value="">Every kind</option>
                  {AUDITED_TABLES.map((table) => (
                    <option key={table} value={table}>
                      {RECORD_KIND_LABELS[table]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>Action</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={values.action} onChange={(event) => setFilter('action', event.currentTarget.value)}>
                  {['', ...AUDIT_ACTIONS].map((action) => (
                    <option key={action} value={action}>
                      {ACTION_LABELS[action]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>User</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={values.user} onChange={(event) => setFilter('user', event.currentTarget.value)}>
                  <option value="">Anyone</option>
                  {people.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>From</Field.Label>
              <Input size="sm" type="date" value={values.from} onChange={(event) => setFilter('from', event.currentTarget.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>To</Field.Label>
              <Input size="sm" type="date" value={values.to} onChange={(event) => setFilter('to', event.currentTarget.value)} />
            </Field.Root>
          </SimpleGrid>
          {values.record && (
            <HStack mt="3" gap="2">
              <Text fontSize="sm" color="fg.muted">
                Showing one record only.
              </Text>
              <Button size="xs" variant="ghost" onClick={() => setFilter('record', '')}>
                <LuX aria-hidden /> Show every record
              </Button>
            </HStack>
          )}
        </Card.Body>
      </Card.Root>
      <AuditFeed filters={filters} emptyText="Nothing matches these filters." />
      <Text mt="3" fontSize="xs" color="fg.muted">
        The timeline keeps what it loaded on this device, so it stays readable offline.{' '}
        <RouterLink to="/dashboard">Back to the dashboard</RouterLink>
      </Text>
    </>
  );
}

function ExportButton({ filters }: { filters: ReturnType<typeof auditFiltersOf> }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const [{ fetchAllAuditEntries }, { auditCsv, csvFileName }, { nameDirectory }] = await Promise.all([
        import('../../lib/timeline/audit-api.ts'),
        import('./audit-csv.ts'),
        import('./name-directory.ts'),
      ]);
      const entries = await fetchAllAuditEntries(filters);
      const names = await nameDirectory(entries);
      const blob = new Blob([auditCsv(entries, names.person, names.record)], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = csvFileName(filters.from, filters.to);
      link.click();
      URL.revokeObjectURL(url);
      showToast({ title: 'Export ready', description: `${entries.length} entries exported.`, type: 'success' });
    } catch (error) {
      showToast({ title: 'Error', description: `The export failed: ${error instanceof Error ? error.message : String(error)}`, type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void exportCsv()} loading={busy} loadingText="Exporting…">
      <LuDownload aria-hidden /> Export CSV
    </Button>
  );
}
