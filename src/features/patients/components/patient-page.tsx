/**
 * /patients/{id} (issue 26): the patient's demographics, MRNs and coverage, an Edit mode
 * with the same form as Add Patient, and a slot where order entry composes the patient's
 * orders and results (src/app/routes). "Patient Not Found" for an id this device does not
 * hold. Opening the page records an access-log row (data/use-patient.ts).
 */
import { Badge, Breadcrumb, Button, EmptyState, HStack, Stack, VStack } from '@chakra-ui/react';
import { useMemo, useState, type ComponentType } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LuPencil, LuSearchX } from 'react-icons/lu';
import { PageHeader } from '../../../components/page-header.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import type { LocalDatabase, PatientDoc } from '../../../db/index.ts';
import { formatListDate } from '../../../lib/format/date.ts';
import { updatePatient } from '../data/save-patient.ts';
import { useOrganizations } from '../data/use-organization-names.ts';
import { usePatient } from '../data/use-patient.ts';
import { patientFromForm, patientToForm, type PatientFormOutput } from '../model/patient-form.ts';
import { patientName } from '../model/patient-record.ts';
import { PATIENT_TEXT } from '../model/patient-texts.ts';
import { PatientDetails } from './patient-details.tsx';
import { PatientForm } from './patient-form.tsx';
import { PatientsLoading, ProtectedGate } from './protected-gate.tsx';

/** What another feature adds to the patient page (order entry: the patient's orders and results). */
/** What the app composes under the patient's details (their orders, their activity), given the open protected database. */
export type PatientSlot = ComponentType<{ patient: Readonly<PatientDoc>; db: LocalDatabase }>;

export function PatientNotFound() {
  return (
    <EmptyState.Root borderWidth="1px" rounded="xl" bg="bg.panel" py="16" data-testid="patient-not-found">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuSearchX />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1" fontSize="xl">
            {PATIENT_TEXT.notFoundTitle}
          </EmptyState.Title>
          <EmptyState.Description>{PATIENT_TEXT.notFoundText}</EmptyState.Description>
        </VStack>
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/patients">{PATIENT_TEXT.returnToPatients}</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function PatientView({ db, id, slot: Slot }: { db: LocalDatabase; id: string | undefined; slot?: PatientSlot }) {
  const load = usePatient(db, id);
  const organizations = useOrganizations();
  const [editing, setEditing] = useState(false);
  const defaults = useMemo(() => (load.patient ? patientToForm(load.patient) : null), [load.patient, editing]); // eslint-disable-line react-hooks/exhaustive-deps

  if (load.status === 'loading') return <PatientsLoading />;
  if (load.status !== 'found') return <PatientNotFound />;
  const patient = load.patient;

  async function save(values: PatientFormOutput) {
    try {
      await updatePatient(db, patient.id, patientFromForm(values));
      toast({ title: PATIENT_TEXT.saved, variant: 'success' });
      setEditing(false);
    } catch {
      toast({ title: 'Error', description: 'The patient could not be saved on this device.', variant: 'destructive' });
    }
  }

  return (
    <>
      <PageHeader
        eyebrow={
          <Breadcrumb.Root size="sm" mb="1">
            <Breadcrumb.List>
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to="/patients">{PATIENT_TEXT.listTitle}</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink>{patientName(patient)}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
        }
        title={
          <HStack gap="3" wrap="wrap">
            <span>{patientName(patient)}</span>
            {!patient.is_active && <Badge colorPalette="gray">Inactive</Badge>}
          </HStack>
        }
        description={`Born ${formatListDate(patient.date_of_birth)} · ${patient.lab_patient_id}`}
        actions={
          !editing && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <LuPencil aria-hidden /> {PATIENT_TEXT.edit}
            </Button>
          )
        }
      />
      {editing && defaults ? (
        <PatientForm defaultValues={defaults} submitLabel={PATIENT_TEXT.saveChanges} onSubmit={save} onCancel={() => setEditing(false)} />
      ) : (
        <Stack gap="5">
          <PatientDetails patient={patient} organizations={organizations} />
          {Slot && <Slot patient={patient} db={db} />}
        </Stack>
      )}
    </>
  );
}

export function PatientPage({ ordersSlot }: { ordersSlot?: PatientSlot } = {}) {
  const { id } = useParams();
  return <ProtectedGate>{(db) => <PatientView db={db} id={id} slot={ordersSlot} />}</ProtectedGate>;
}
