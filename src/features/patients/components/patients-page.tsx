/**
 * /patients (issue 26): every patient on this device, searched by name, date of birth and
 * MRN from the in-memory index of the one list machinery for protected records
 * (data/patient-list.ts), virtualized so 100,000 rows scroll (src/components/list's link
 * list). The status filter lives in the URL (`?status=all`) and a link may open the list
 * already searching (`?q=…`), through the list machinery's hooks (src/lib/list): the search
 * is not written back to the URL on every keystroke, whose navigation would cost the
 * keystroke's time and, while it is pending, drop what was typed.
 */
import { Button, EmptyState, NativeSelect, VStack } from '@chakra-ui/react';
import { memo, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LuPlus, LuUserRound } from 'react-icons/lu';
import { ListBadge } from '../../../components/list/list-badge.tsx';
import { SearchCard } from '../../../components/list/search-card.tsx';
import { defineColumns } from '../../../components/list/link-list-columns.ts';
import { VirtualLinkList } from '../../../components/list/virtual-link-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { formatListDate } from '../../../lib/format/date.ts';
import { choiceFilter } from '../../../lib/list/url-filters.ts';
import { useListSearch } from '../../../lib/list/use-list-search.ts';
import { useUrlFilters } from '../../../lib/list/use-url-filters.ts';
import { usePatientList, type ListPatient } from '../data/patient-list.ts';
import { coveragesOf, mrnsOf, patientName, PAYER_TYPE_LABELS } from '../model/patient-record.ts';
import { patientStatusPredicate, type PatientStatusFilter } from '../model/patient-search.ts';
import { PATIENT_TEXT } from '../model/patient-texts.ts';
import { PatientsLoading, ProtectedGate } from './protected-gate.tsx';

const FILTERS = { status: choiceFilter('status', ['active', 'inactive', 'all'] as const, 'active') };
const COLUMNS = defineColumns({
  patient: { label: 'Patient', flex: 2 },
  dateOfBirth: { label: 'Date of birth', flex: 1 },
  coverage: { label: 'Coverage', flex: 1, fromMd: true },
});
const patientPath = (patient: ListPatient) => `/patients/${patient.id}`;

/** A patient's cells (plain markup, link-list.css: every visible row renders per keystroke). */
const PatientCells = memo(function PatientCells({ row: patient }: { row: ListPatient }) {
  const primary = coveragesOf(patient)[0];
  const mrns = mrnsOf(patient).map((row) => row.mrn).join(', ');
  return (
    <>
      <div className="ll-cell" style={COLUMNS.style.patient}>
        <div className="ll-strong ll-truncate">{patientName(patient)}</div>
        <div className="ll-muted ll-truncate">
          {patient.lab_patient_id}
          {mrns && ` · MRN ${mrns}`}
        </div>
      </div>
      <div className="ll-cell ll-sm" style={COLUMNS.style.dateOfBirth}>
        {formatListDate(patient.date_of_birth)}
      </div>
      <div className="ll-cell ll-from-md" style={COLUMNS.style.coverage}>
        <span className="ll-badges">
          {primary ? <ListBadge tone="gray">{PAYER_TYPE_LABELS[primary.payer_type]}</ListBadge> : null}
          {!patient.is_active && <ListBadge tone="gray">Inactive</ListBadge>}
        </span>
      </div>
    </>
  );
});

function PatientList({ db }: { db: LocalDatabase }) {
  const list = usePatientList(db);
  const [query, setQuery] = useListSearch('patients');
  const [{ status }, setFilter] = useUrlFilters(FILTERS);
  const rows = useMemo(() => {
    if (!list.index) return [];
    // Not deferred: the keystroke's own render shows its answer (a filtered scan of the
    // in-memory index, kept per query like any answer: search-index.ts).
    return list.index.query(query, patientStatusPredicate(status));
    // The index changes in place: its version says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.index, list.version, query, status]);
  // The search card is memoized on its filters: a keystroke re-renders only the box, the count and the rows.
  const statusSelect = useMemo(() => <PatientStatusSelect value={status} onChange={(value) => setFilter('status', value)} />, [status, setFilter]);

  return (
    <>
      <SearchCard
        title={PATIENT_TEXT.findTitle}
        label={PATIENT_TEXT.searchLabel}
        value={query}
        onChange={setQuery}
        placeholder={PATIENT_TEXT.searchPlaceholder}
        hint={PATIENT_TEXT.searchHint}
        summary={list.index ? `${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'patient' : 'patients'}` : null}
        countTestId="patient-count"
        filters={statusSelect}
      />
      {list.phase !== 'ready' ? (
        <PatientsLoading />
      ) : rows.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="xl" bg="bg.panel" py="12">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuUserRound />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title>{query.trim() ? PATIENT_TEXT.noMatches : PATIENT_TEXT.noPatients}</EmptyState.Title>
              <EmptyState.Description>{query.trim() ? PATIENT_TEXT.noMatchesText : PATIENT_TEXT.noPatientsText}</EmptyState.Description>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <VirtualLinkList rows={rows} label={PATIENT_TEXT.listTitle} columns={COLUMNS.list} href={patientPath} Cells={PatientCells} rowTestId="patient-row" resetKey={`${status}:${query}`} />
      )}
    </>
  );
}

function PatientStatusSelect({ value, onChange }: { value: PatientStatusFilter; onChange: (value: PatientStatusFilter) => void }) {
  return (
    <Field label="Status" mt="3" w={{ base: 'full', md: '44' }}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value as PatientStatusFilter)}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
          <option value="all">All</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field>
  );
}

export function PatientsPage() {
  return (
    <>
      <PageHeader
        title={PATIENT_TEXT.listTitle}
        description={PATIENT_TEXT.listDescription}
        actions={
          <Button asChild size="sm">
            <RouterLink to="/patients/add">
              <LuPlus aria-hidden /> {PATIENT_TEXT.addButton}
            </RouterLink>
          </Button>
        }
      />
      <ProtectedGate>{(db) => <PatientList db={db} />}</ProtectedGate>
    </>
  );
}
