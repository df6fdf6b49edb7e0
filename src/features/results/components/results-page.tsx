/**
 * /results (issue 32): the results inbox of a provider, their results delegates and staff —
 * what RLS lets this login read, synced to the device — on the one list machinery for
 * protected records (data/result-list-source.ts: read and opened once after unlock, kept
 * current from the change streams, virtualized). Unreviewed results first, then critical,
 * then abnormal, newest first; filters in the URL, and a link may open it already searching
 * (`?q=`). Each row links to its result, with its selection checkbox beside the link. The
 * ordering provider signs off one or many; anyone else marks them seen. The app's route
 * wraps it in the protected data's gate.
 */
import { Button, Checkbox, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { createContext, memo, useCallback, useContext, useMemo, useState } from 'react';
import { DateTimeCell } from '../../../components/list/date-time-cell.tsx';
import { ListBadge } from '../../../components/list/list-badge.tsx';
import { defineColumns } from '../../../components/list/link-list-columns.ts';
import { VirtualLinkList } from '../../../components/list/virtual-link-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { useAlerts } from '../../../lib/alerts/alert-data.ts';
import { openCriticalResultIds } from '../../../lib/alerts/critical-values.ts';
import { useListSearch } from '../../../lib/list/use-list-search.ts';
import { useUrlFilters } from '../../../lib/list/use-url-filters.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { markResultsSeen, signOffResults } from '../data/review.ts';
import { useResultList } from '../data/result-list-source.ts';
import { useMyProviderId } from '../data/use-results.ts';
import { RESULT_FILTERS, resultFilterPredicate, REVIEW_STATES, type ResultListRow } from '../model/result-inbox.ts';
import { RESULT_STATUS_LABELS, RESULT_TEXT, REVIEW_LABELS } from '../model/result-texts.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { FlagBadges } from './result-parts.tsx';

// On a tablet (below lg) four columns: the provider goes under the patient, the status under the review.
const COLUMNS = defineColumns({
  test: { label: 'Test', flex: 2.2 },
  patient: { label: 'Patient', flex: 1.4 },
  provider: { label: 'Provider', flex: 1.4, fromLg: true },
  received: { label: 'Received', flex: 1.1, fromMd: true },
  status: { label: 'Status', flex: 1.1, fromLg: true },
  review: { label: 'Review', flex: 0.9 },
});
const resultPath = (row: ResultListRow) => `/results/${row.id}`;

/** A result's cells (plain markup, link-list.css: every visible row renders per keystroke). */
const ResultCells = memo(function ResultCells({ row }: { row: ResultListRow }) {
  return (
    <>
      {/* The test's name has the whole first line (the flag goes under it, by the requisition). */}
      <div className={row.seenAt ? 'll-cell' : 'll-cell ll-strong'} style={COLUMNS.style.test}>
        <div className="ll-clamp2" title={row.testName}>
          {row.testName}
        </div>
        <span className="ll-badges" style={{ flexWrap: 'nowrap', alignItems: 'center' }}>
          <span className="ll-xs-muted ll-truncate">{row.requisitionNumber}</span>
          <FlagBadges critical={row.critical} abnormal={row.abnormal} />
        </span>
      </div>
      <div className="ll-cell" style={COLUMNS.style.patient}>
        <div className="ll-clamp2" title={row.patientName}>
          {row.patientName}
        </div>
        <div className="ll-xs-muted ll-truncate ll-below-lg" title={row.providerName}>
          {row.providerName}
        </div>
      </div>
      <div className="ll-cell ll-from-lg ll-truncate" style={COLUMNS.style.provider}>
        {row.providerName}
      </div>
      <div className="ll-cell ll-from-md ll-sm" style={COLUMNS.style.received}>
        <DateTimeCell iso={row.receivedAt} />
      </div>
      <div className="ll-cell ll-from-lg ll-sm ll-truncate" style={COLUMNS.style.status}>
        {RESULT_STATUS_LABELS[row.status] ?? row.status}
      </div>
      <div className="ll-cell" style={COLUMNS.style.review}>
        <ListBadge tone={row.reviewedAt ? 'green' : 'gray'}>{row.reviewedAt ? 'Signed off' : row.seenAt ? 'Seen' : 'New'}</ListBadge>
        <div className="ll-xs-muted ll-truncate ll-below-lg">{RESULT_STATUS_LABELS[row.status] ?? row.status}</div>
      </div>
    </>
  );
});

interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
}

const SelectionContext = createContext<Selection>({ selected: new Set(), toggle: () => {} });

/** A row's checkbox, beside its link. */
const ResultCheckbox = memo(function ResultCheckbox({ row }: { row: ResultListRow }) {
  const { selected, toggle } = useContext(SelectionContext);
  return (
    <Checkbox.Root size="sm" checked={selected.has(row.id)} onCheckedChange={(event) => toggle(row.id, event.checked === true)}>
      <Checkbox.HiddenInput aria-label={`Select ${row.testName} of ${row.patientName}`} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
});

export function ResultsHeader() {
  return <PageHeader title={RESULT_TEXT.inboxTitle} description={RESULT_TEXT.inboxDescription} />;
}

export function ResultsInbox({ db }: { db: LocalDatabase }) {
  const list = useResultList(db);
  const user = useSessionStore(selectKnownUser);
  const myProviderId = useMyProviderId(user?.id ?? null);
  const [filters, setFilter] = useUrlFilters(RESULT_FILTERS);
  const [search, setSearch] = useListSearch('results');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const openAlerts = useAlerts({ openOnly: true });
  const openCritical = useMemo(() => openCriticalResultIds(openAlerts.status === 'ready' ? openAlerts.value : []), [openAlerts]);
  const filter = useMemo(() => resultFilterPredicate(filters, (row) => openCritical.has(row.id)), [filters, openCritical]);
  const { index, version } = list;
  const shown = useMemo(
    () => (index ? index.query(search, filter) : []),
    // The index changes in place: its version says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, version, search, filter],
  );
  const chosen = shown.filter((row) => selected.has(row.id));
  const mineToSign = chosen.filter((row) => row.providerId === myProviderId && !row.reviewedAt);

  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const selection = useMemo(() => ({ selected, toggle }), [selected, toggle]);

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

  const selectAll = (
    <Checkbox.Root
      size="sm"
      checked={shown.length > 0 && chosen.length === shown.length}
      onCheckedChange={(event) => setSelected(event.checked === true ? new Set(shown.map((row) => row.id)) : new Set())}
    >
      <Checkbox.HiddenInput aria-label="Select every result shown" />
      <Checkbox.Control />
    </Checkbox.Root>
  );

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field label="Search results">
          <Input type="search" value={search} placeholder="Test, patient, requisition or provider" autoComplete="off" onChange={(event) => setSearch(event.target.value)} />
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
        <Text fontSize="sm" color="fg.muted" role="status" data-testid="result-count">
          {!index ? (list.phase === 'error' ? 'The results on this device could not be read.' : 'Reading the results on this device…') : `${shown.length} of ${index.size} results`}
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
      {index && shown.length === 0 ? <Text color="fg.muted">{RESULT_TEXT.empty}</Text> : null}
      {index && shown.length > 0 && (
        <SelectionContext.Provider value={selection}>
          <VirtualLinkList
            rows={shown}
            label={RESULT_TEXT.inboxTitle}
            columns={COLUMNS.list}
            href={resultPath}
            Cells={ResultCells}
            rowTestId="result-row"
            resetKey={`${search}:${JSON.stringify(filters)}`}
            Leading={ResultCheckbox}
            leadingHeading={selectAll}
          />
        </SelectionContext.Provider>
      )}
    </Stack>
  );
}
