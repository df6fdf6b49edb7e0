/**
 * /patients (issue 26): every patient on this device, searched by name, date of birth and
 * MRN from the in-memory index of the one list machinery for protected records
 * (data/patient-list.ts), virtualized so 100,000 rows scroll (src/components/list's link
 * list). The status filter lives in the URL (`?status=all`) and a link may open the list
 * already searching (`?q=…`), through the list machinery's hooks (src/lib/list): the search
 * is not written back to the URL on every keystroke, whose navigation would cost the
 * keystroke's time and, while it is pending, drop what was typed.
 */
import { Badge, Box, Button, Card, EmptyState, HStack, Input, InputGroup, NativeSelect, Text, VStack } from '@chakra-ui/react';
import { memo, useDeferredValue, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LuPlus, LuSearch, LuUserRound } from 'react-icons/lu';
import { VirtualLinkList, type LinkListColumn } from '../../../components/list/virtual-link-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { formatListDate } from '../../../lib/format/date.ts';
import { choiceFilter } from '../../../lib/list/url-filters.ts';
import { useListSearch } from '../../../lib/list/use-list-search.ts';
import { useUrlFilters } from '../../../lib/list/use-url-filters.ts';
import { usePatientList, type ListPatient } from '../data/patient-list.ts';
import { coveragesOf, mrnsOf, patientName, PAYER_TYPE_LABELS } from '../model/patient-record.ts';
import { patientStatusPredicate } from '../model/patient-search.ts';
import { PATIENT_TEXT } from '../model/patient-texts.ts';
import { PatientsLoading, ProtectedGate } from './protected-gate.tsx';

const FILTERS = { status: choiceFilter('status', ['active', 'inactive', 'all'] as const, 'active') };
const COLUMNS: readonly LinkListColumn[] = [
  { label: 'Patient', flex: 2 },
  { label: 'Date of birth', flex: 1 },
  { label: 'Coverage', flex: 1, fromMd: true },
];
const patientPath = (patient: ListPatient) => `/patients/${patient.id}`;

const PatientCells = memo(function PatientCells({ row: patient }: { row: ListPatient }) {
  const primary = coveragesOf(patient)[0];
  const mrns = mrnsOf(patient).map((row) => row.mrn).join(', ');
  return (
    <>
      <Box flex="2" minW="0">
        <Text fontWeight="semibold" truncate>
          {patientName(patient)}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {patient.lab_patient_id}
          {mrns && ` · MRN ${mrns}`}
        </Text>
      </Box>
      <Text flex="1" fontSize="sm">
        {formatListDate(patient.date_of_birth)}
      </Text>
      <Box flex="1" display={{ base: 'none', md: 'block' }}>
        {primary ? <Badge variant="subtle">{PAYER_TYPE_LABELS[primary.payer_type]}</Badge> : null}
        {!patient.is_active && (
          <Badge ml="2" colorPalette="gray">
            Inactive
          </Badge>
        )}
      </Box>
    </>
  );
});

function PatientList({ db }: { db: LocalDatabase }) {
  const list = usePatientList(db);
  const [query, setQuery] = useListSearch('patients');
  const [{ status }, setFilter] = useUrlFilters(FILTERS);
  const deferred = useDeferredValue(query);
  const rows = useMemo(() => {
    if (!list.index) return [];
    const keep = patientStatusPredicate(status);
    const found = list.index.query(deferred);
    return keep ? found.filter(keep) : found;
    // The index changes in place: its version says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.index, list.version, deferred, status]);

  return (
    <>
      <Card.Root variant="outline" bg="bg.panel" mb="4">
        <Card.Body>
          <HStack gap="4" align="flex-end" wrap={{ base: 'wrap', md: 'nowrap' }}>
            <Field label={PATIENT_TEXT.searchLabel} flex="1" minW="240px">
              <InputGroup startElement={<LuSearch />} w="full">
                <Input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder={PATIENT_TEXT.searchPlaceholder} autoComplete="off" />
              </InputGroup>
            </Field>
            <Field label="Status" w={{ base: 'full', md: '44' }}>
              <NativeSelect.Root>
                <NativeSelect.Field value={status} onChange={(event) => setFilter('status', event.target.value)}>
                  <option value="active">Active</option>
                  <option value="inactive">Inactive</option>
                  <option value="all">All</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field>
          </HStack>
          {list.index && (
            <Text mt="3" fontSize="sm" color="fg.muted" aria-live="polite" data-testid="patient-count">
              {rows.length.toLocaleString('en-US')} {rows.length === 1 ? 'patient' : 'patients'}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
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
        <VirtualLinkList rows={rows} label={PATIENT_TEXT.listTitle} columns={COLUMNS} href={patientPath} Cells={PatientCells} rowTestId="patient-row" resetKey={`${status}:${deferred}`} />
      )}
    </>
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
