/**
 * /orders/entry (issue 31): a laboratory order entered as steps on one page, top to bottom,
 * by keyboard alone: organization → provider → patient → billing → tests → order questions
 * → diagnoses → collection → review. Medicare's rules (the provider's eligibility, each
 * test's medical necessity, the ABN and its modifiers) are applied at every change from the
 * device's reference data, so it all works offline. Submitting writes the order to the
 * protected database with a requisition number made here; it waits there as "waiting to
 * send" until the server has it. The app's route wraps it in the protected data's gate.
 *
 * What is entered is kept as a draft as it is typed (src/lib/drafts, sealed with the
 * protected data's key: it names a patient), so a reload, a crash or a closed tab brings the
 * order back here; submitting or discarding it ends the draft.
 */
import { Center, Grid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DraftNote } from '../../../components/form/draft-note.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import type { LocalDatabase, PatientDoc } from '../../../db/index.ts';
import { useAlerts } from '../../../lib/alerts/alert-data.ts';
import type { PriorService } from '../../../lib/lab/medical-necessity.ts';
import { useDraft, type FormDraft } from '../../../lib/drafts/use-draft.ts';
import { useReferenceData, type ReferenceData } from '../../../lib/reference/index.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { submitOrder } from '../data/save-order.ts';
import { useActiveOrganizations, useMemberProviders, useProtectedRecords } from '../data/use-entry-data.ts';
import { entryAbnForm } from '../documents/order-document-data.ts';
import { favouriteCodes, favouriteTests } from '../model/favourites.ts';
import { useFavouriteStars } from '../data/use-favourite-stars.ts';
import { emptyDraft, evaluateOrder, parseCost, testsAskFasting, type Coverage, type OrderDraft } from '../model/order-draft.ts';
import { isUntouchedOrder, reviveOrderDraft } from '../model/order-draft-keeping.ts';
import { ORDER_TEXT } from '../model/order-texts.ts';
import { defaultBilling, enteredByUser } from '../model/entry-defaults.ts';
import { useEntryFlow } from './use-entry-flow.ts';
import { BillingStep, OrganizationStep, PatientStep, ProviderStep, type AddPatientSlot } from './entry-party-steps.tsx';
import { CollectionStep, ReviewStep } from './entry-final-steps.tsx';
import { DiagnosesStep, QuestionsStep, TestsStep } from './entry-test-steps.tsx';

function coveragesOf(patient: PatientDoc | null): Coverage[] {
  return Array.isArray(patient?.coverages) ? (patient.coverages as unknown as Coverage[]) : [];
}

interface OrderTestJson {
  cpt_codes?: string[];
  declined?: boolean;
}

interface OrderEntryFormProps {
  db: LocalDatabase;
  reference: ReferenceData;
  addPatient?: AddPatientSlot;
  /** The order's draft on this device: where the form starts, and where it keeps what is typed. */
  kept: FormDraft<OrderDraft>;
}

function OrderEntryForm({ db, reference, addPatient, kept }: OrderEntryFormProps) {
  const navigate = useNavigate();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const isStaff = useSessionStore((state) => state.access === 'staff' || state.access === 'admin');
  const [draft, setDraft] = useState<OrderDraft>(() => kept.value);
  const [busy, setBusy] = useState(false);
  const keep = kept.keep;
  const organizations = useActiveOrganizations();
  const providers = useMemberProviders(draft.organizationId);
  const records = useProtectedRecords(db);
  const openAlerts = useAlerts({ openOnly: true });
  const update = useCallback((patch: Partial<OrderDraft>) => setDraft((current) => ({ ...current, ...patch })), []);
  const now = useMemo(() => new Date(), []);
  // Submit opens the new order's page: its code is fetched and parsed now, not after the click.
  useEffect(() => {
    void import('./order-page.tsx');
  }, []);

  const organization = organizations.status === 'ready' ? (organizations.value.find((item) => item.id === draft.organizationId) ?? null) : null;
  const providerList = providers.status === 'ready' ? providers.value : null;
  const provider = providerList?.find((item) => item.id === draft.providerId) ?? null;
  const patient = records.patient(draft.patientId);
  const priorServices = useMemo<PriorService[]>(
    () =>
      records.orders
        .filter((order) => order.patient_id === draft.patientId && order.status !== 'cancelled' && order.status !== 'draft' && order.collected_at)
        .map((order) => ({
          date: order.collected_at!.slice(0, 10),
          cpt_codes: (order.tests as unknown as OrderTestJson[]).filter((test) => !test.declined).flatMap((test) => test.cpt_codes ?? []),
        })),
    [records.orders, draft.patientId],
  );
  const providerAlerts = useMemo(
    () => (openAlerts.status === 'ready' && draft.providerId ? openAlerts.value.filter((alert) => alert.provider_id === draft.providerId) : []),
    [openAlerts, draft.providerId],
  );
  const favourites = favouriteTests(reference.compendium, favouriteCodes(organization?.favorite_tests), favouriteCodes(provider?.favorite_tests), draft.tests);
  const stars = useFavouriteStars(isStaff ? organization : null, isStaff ? provider : null);
  const evaluation = evaluateOrder(draft, {
    compendium: reference.compendium,
    ncd: reference.ncd,
    provider,
    coverages: coveragesOf(patient),
    priorServices,
    providerAlerts,
    now,
  });

  const flow = useEntryFlow({
    draft,
    update,
    organizations,
    providers,
    orders: records.status === 'loading' ? null : records.orders,
    userId,
    problems: evaluation.problems,
  });
  // Only what the user entered makes a draft worth keeping (not the defaults alone: the
  // page would greet them with "Restored…" the next time they open it).
  const defaulted = flow.defaulted;
  useEffect(() => keep(isUntouchedOrder(enteredByUser(draft, defaulted)) ? emptyDraft() : draft), [keep, draft, defaulted]);
  // Who pays comes with the patient (their insurance, or themselves); the work goes on at the next step.
  const choosePatient = (patientId: string) => {
    update({ patientId, ...defaultBilling(coveragesOf(records.patient(patientId))) });
    flow.moveOn('patient');
  };

  const abnCostsReady = evaluation.abnTests.every((code) => parseCost(draft.abnCosts[code]) !== null);
  const printAbn =
    patient && abnCostsReady && evaluation.abnTests.length > 0
      ? () => {
          const form = entryAbnForm(draft, evaluation, patient, organization);
          void import('../documents/print-order-document.ts')
            .then((documents) => documents.printEntryAbn(form, patient.id))
            .catch((error: unknown) => {
              console.error('[orders] printing the ABN failed', error);
              toast({ title: 'Error', description: 'The document could not be made on this device.', variant: 'destructive' });
            });
        }
      : null;

  async function submit() {
    if (!userId || evaluation.problems.length > 0) return;
    setBusy(true);
    try {
      const order = await submitOrder(db, userId, draft, evaluation, reference.compendium, reference.versions);
      await kept.end(draft);
      toast({ title: ORDER_TEXT.submitted, description: `${order.requisition_number} · ${ORDER_TEXT.waitingToSend}`, variant: 'success' });
      navigate(`/orders/${order.id}`);
    } catch (error) {
      const notRegistered = error instanceof Error && error.name === 'DeviceNotRegisteredError';
      toast({ title: 'Error', description: notRegistered ? ORDER_TEXT.notRegistered : ORDER_TEXT.saveFailed, variant: 'destructive' });
      setBusy(false);
    }
  }

  const discard = () => {
    const empty = emptyDraft();
    setDraft(empty);
    void kept.end(empty);
    flow.restart();
  };

  return (
    <Grid templateColumns="minmax(0, 1fr)" gap="4" maxW="5xl" {...flow.formProps}>
      <DraftNote restoredAt={kept.restoredAt} savedAt={kept.savedAt} onDiscard={discard} />
      <OrganizationStep draft={draft} update={update} organizations={organizations.status === 'ready' ? organizations.value : []} />
      <ProviderStep draft={draft} update={update} providers={providerList} alerts={providerAlerts} now={now} />
      <PatientStep
        draft={draft}
        chosen={patient}
        searchPatients={records.searchPatients}
        loading={records.status === 'loading'}
        addPatient={addPatient}
        onChoose={choosePatient}
        onChange={() => {
          update({ patientId: null, billing: null, coverageRank: null });
          flow.focusStep('patient');
        }}
      />
      <BillingStep draft={draft} update={update} coverages={coveragesOf(patient)} eligibility={evaluation.eligibility} enrollmentAlert={evaluation.enrollmentAlert} />
      <TestsStep draft={draft} update={update} compendium={reference.compendium} verdicts={evaluation.tests} medicare={evaluation.medicare} favourites={favourites} stars={stars} onRemoved={() => flow.focusStep('tests')} />
      <QuestionsStep draft={draft} update={update} compendium={reference.compendium} />
      <DiagnosesStep draft={draft} update={update} icd10cm={reference.icd10cm} required={draft.billing === 'insurance'} onRemoved={() => flow.focusStep('diagnoses')} />
      <CollectionStep draft={draft} update={update} fastingAsked={testsAskFasting(draft, reference.compendium)} />
      <ReviewStep draft={draft} update={update} evaluation={evaluation} busy={busy} onSubmit={() => void submit()} onPrintAbn={printAbn} />
    </Grid>
  );
}

/**
 * The entry page; `db` is the open protected database (the route's gate opens it), and
 * `addPatient` the patients feature's form for a new patient (the route composes it in).
 */
export function OrderEntry({ db, addPatient }: { db: LocalDatabase; addPatient?: AddPatientSlot }) {
  const reference = useReferenceData();
  const kept = useDraft<OrderDraft>({ form: 'order-entry', sealedBy: db, initial: emptyDraft, isEmpty: isUntouchedOrder, revive: reviveOrderDraft });
  if (!reference.data || kept.status === 'loading') {
    return (
      <Center py="16" role="status">
        <Spinner size="md" color="brand.solid" />
      </Center>
    );
  }
  if (reference.data.versions.compendium === 0) {
    return <Text color="fg.muted">The test compendium has not reached this device yet. Connect to the internet once to download it.</Text>;
  }
  return <OrderEntryForm db={db} reference={reference.data} addPatient={addPatient} kept={kept} />;
}

export function OrderEntryHeader() {
  return (
    <Stack gap="0">
      <PageHeader title={ORDER_TEXT.entryTitle} description={ORDER_TEXT.entryDescription} />
    </Stack>
  );
}
