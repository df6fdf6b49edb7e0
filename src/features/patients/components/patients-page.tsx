/**
 * /patients (issue 26): every patient on this device, searched by name, date of birth and
 * MRN from the in-memory index (data/patient-list.ts), virtualized so 100,000 rows scroll.
 * The search and the status filter live in the URL (`?q=…&status=all`), so a list can be
 * linked to and bookmarked.
 */
import { Badge, Box, Button, Card, EmptyState, HStack, Input, InputGroup, NativeSelect, Text, VStack } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LuPlus, LuSearch, LuUserRound } from 'react-icons/lu';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { formatListDate } from '../../../lib/format/date.ts';
import { usePatientList, type ListPatient } from '../data/patient-list.ts';
import { coveragesOf, mrnsOf, patientName, PAYER_TYPE_LABELS } from '../model/patient-record.ts';
import { PATIENT_TEXT } from '../model/patient-texts.ts';
import { PatientsLoading, ProtectedGate } from './protected-gate.tsx';

const ROW_HEIGHT = 64;
type StatusFilter = 'active' | 'inactive' | 'all';

function PatientRow({ patient }: { patient: ListPatient }) {
  const primary = coveragesOf(patient)[0];
  const mrns = mrnsOf(patient).map((row) => row.mrn).join(', ');
  return (
    <HStack
      asChild
      h={`${ROW_HEIGHT}px`}
      px="4"
      gap="4"
      borderBottomWidth="1px"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' }}
      data-testid="patient-row"
    >
      <RouterLink to={`/patients/${patient.id}`}>
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
      </RouterLink>
    </HStack>
  );
}

function PatientRows({ rows }: { rows: ListPatient[] }) {
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => ROW_HEIGHT, overscan: 4 });
  return (
    <Card.Root variant="outline" bg="bg.panel" overflow="hidden">
      <HStack px="4" py="2" gap="4" borderBottomWidth="1px" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" aria-hidden>
        <Text flex="2">Patient</Text>
        <Text flex="1">Date of birth</Text>
        <Text flex="1" display={{ base: 'none', md: 'block' }}>
          Coverage
        </Text>
      </HStack>
      <Box ref={parent} h="calc(100vh - 340px)" minH="320px" overflowY="auto" role="list" aria-label={PATIENT_TEXT.listTitle}>
        <Box h={`${virtualizer.getTotalSize()}px`} position="relative">
          {virtualizer.getVirtualItems().map((item) => (
            <Box key={rows[item.index]!.id} role="listitem" position="absolute" top="0" left="0" w="full" transform={`translateY(${item.start}px)`}>
              <PatientRow patient={rows[item.index]!} />
            </Box>
          ))}
        </Box>
      </Box>
    </Card.Root>
  );
}

function PatientList({ db }: { db: LocalDatabase }) {
  const list = usePatientList(db);
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const status = (['active', 'inactive', 'all'].includes(params.get('status') ?? '') ? params.get('status') : 'active') as StatusFilter;
  const deferred = useDeferredValue(query);
  const rows = useMemo(() => {
    if (!list.index) return [];
    const found = list.index.search(deferred, { includeInactive: status !== 'active' });
    return status === 'inactive' ? found.filter((row) => !row.is_active) : found;
    // The index changes in place: its version says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.index, list.version, deferred, status]);

  const setParam = (name: string, value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <>
      <Card.Root variant="outline" bg="bg.panel" mb="4">
        <Card.Body>
          <HStack gap="4" align="flex-end" wrap={{ base: 'wrap', md: 'nowrap' }}>
            <Field label={PATIENT_TEXT.searchLabel} flex="1" minW="240px">
              <InputGroup startElement={<LuSearch />} w="full">
                <Input type="search" value={query} onChange={(event) => setParam('q', event.target.value, '')} placeholder={PATIENT_TEXT.searchPlaceholder} autoComplete="off" />
              </InputGroup>
            </Field>
            <Field label="Status" w={{ base: 'full', md: '44' }}>
              <NativeSelect.Root>
                <NativeSelect.Field value={status} onChange={(event) => setParam('status', event.target.value, 'active')}>
                  <option value="active">Active</option>
                  <option value="inactive">Inactive</option>
                  <option value="all">All</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field>
          </HStack>
          {list.index && (
            <Text mt="3" fontSize="sm" color="fg.muted" aria-live="polite">
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
        <PatientRows rows={rows} />
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
