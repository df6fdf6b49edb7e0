/**
 * /patients/add (issue 26): the patient form with possible duplicates shown as the last
 * name, date of birth and MRNs are filled in, before saving. Works offline: the patient is
 * written to the protected database and syncs when the connection is back.
 */
import { Breadcrumb, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { DraftNote } from '../../../components/form/draft-note.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import type { LocalDatabase, PatientDoc } from '../../../db/index.ts';
import { useDraft, type FormDraft } from '../../../lib/drafts/use-draft.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { usePatientList } from '../data/patient-list.ts';
import { addPatient } from '../data/save-patient.ts';
import { useOrganizations } from '../data/use-organization-names.ts';
import { findPossibleDuplicates } from '../model/duplicates.ts';
import { emptyPatientForm, isUntouchedPatientForm, patientFromForm, type PatientFormOutput, type PatientFormValues } from '../model/patient-form.ts';
import { patientName } from '../model/patient-record.ts';
import { PATIENT_TEXT } from '../model/patient-texts.ts';
import { PatientForm } from './patient-form.tsx';
import { PossibleDuplicates } from './possible-duplicates.tsx';
import { ProtectedGate } from './protected-gate.tsx';

function DuplicatesOf({ db, values }: { db: LocalDatabase; values: PatientFormValues }) {
  const list = usePatientList(db);
  const organizations = useOrganizations();
  const duplicates = useMemo(
    () =>
      list.index
        ? findPossibleDuplicates(
            { last_name: values.last_name ?? '', date_of_birth: values.date_of_birth ?? '', medical_record_numbers: values.mrns ?? [] },
            list.index.rows(),
          )
        : [],
    // The index changes in place: its version says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list.index, list.version, values.last_name, values.date_of_birth, JSON.stringify(values.mrns)],
  );
  return <PossibleDuplicates duplicates={duplicates} organizations={organizations} />;
}

export interface NewPatientFormProps {
  db: LocalDatabase;
  onSaved: (patient: PatientDoc) => void;
  onCancel: () => void;
  /** Where the form is, naming its draft ('patients' for the add page, 'order-entry' in an order). */
  draftOf?: string;
}

/**
 * The new patient's form with its duplicates warning, saved to the protected database: the
 * add page uses it, and order entry opens it in a dialog (composed in src/app/routes), so a
 * patient is added without leaving the order. What is typed is kept as a sealed draft
 * (src/lib/drafts) until the patient is saved or the form cancelled.
 */
export function NewPatientForm({ db, onSaved, onCancel, draftOf = 'patients' }: NewPatientFormProps) {
  const kept = useDraft<PatientFormValues>({ form: 'patient-new', record: draftOf, sealedBy: db, initial: emptyPatientForm, isEmpty: isUntouchedPatientForm });
  if (kept.status === 'loading') return null;
  return <NewPatientFields db={db} onSaved={onSaved} onCancel={onCancel} kept={kept} />;
}

function NewPatientFields({ db, onSaved, onCancel, kept }: Omit<NewPatientFormProps, 'draftOf'> & { kept: FormDraft<PatientFormValues> }) {
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const [defaults, setDefaults] = useState(() => ({ values: kept.value, version: 0 }));

  async function save(values: PatientFormOutput) {
    if (!userId) return;
    try {
      const patient = await addPatient(db, userId, patientFromForm(values));
      await kept.end();
      toast({ title: PATIENT_TEXT.added, description: `${patientName(patient)} · ${patient.lab_patient_id}`, variant: 'success' });
      onSaved(patient);
    } catch (error) {
      const notRegistered = error instanceof Error && error.name === 'DeviceNotRegisteredError';
      toast({ title: 'Error', description: notRegistered ? PATIENT_TEXT.notRegistered : 'The patient could not be saved on this device.', variant: 'destructive' });
    }
  }

  const discard = () => {
    const empty = emptyPatientForm();
    void kept.end(empty);
    setDefaults((current) => ({ values: empty, version: current.version + 1 }));
  };

  return (
    <Stack gap="4">
      <DraftNote restoredAt={kept.restoredAt} savedAt={kept.savedAt} onDiscard={discard} />
      <PatientForm
        key={defaults.version}
        defaultValues={defaults.values}
        submitLabel={PATIENT_TEXT.save}
        onSubmit={save}
        onCancel={() => {
          void kept.end();
          onCancel();
        }}
        aside={(values) => <DuplicatesOf db={db} values={values} />}
        onValuesChange={kept.keep}
      />
    </Stack>
  );
}

function AddPatientForm({ db }: { db: LocalDatabase }) {
  const navigate = useNavigate();
  return <NewPatientForm db={db} onSaved={(patient) => navigate(`/patients/${patient.id}`)} onCancel={() => navigate('/patients')} />;
}

export function AddPatientPage() {
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
                <Breadcrumb.CurrentLink>{PATIENT_TEXT.addTitle}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
        }
        title={PATIENT_TEXT.addTitle}
        description={PATIENT_TEXT.addDescription}
      />
      <ProtectedGate>{(db) => <AddPatientForm db={db} />}</ProtectedGate>
    </>
  );
}
