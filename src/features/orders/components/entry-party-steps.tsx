/**
 * The first steps of order entry: the client organization, the ordering provider (the
 * organization's active members, with NPI and Medicare ordering status), the patient
 * (searched among the protected patients on this device, or added in a dialog without
 * leaving the order) and who pays.
 */
import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { DialogBody, DialogCloseTrigger, DialogContent, DialogHeader, DialogRoot, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import type { OrganizationDoc, PatientDoc, ProviderDoc } from '../../../db/index.ts';
import { formatMbi } from '../../../lib/lab/mbi.ts';
import { medicareOrderingEligibility, type MedicareEligibility } from '../../../lib/lab/medicare-eligibility.ts';
import { alertKindLabel } from '../../../lib/alerts/alert-texts.ts';
import { confirmedExclusion, EXCLUDED_ORDER_REFUSAL, exclusionLabel } from '../../../lib/exclusions/order-exclusion.ts';
import { BILLINGS, enrollmentBlock, enrollmentBlockMessage, type Coverage, type EntryAlert, type OrderDraft } from '../model/order-draft.ts';
import { BILLING_LABELS, ELIGIBILITY_LABELS } from '../model/order-texts.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { SearchPicker, StepCard } from './entry-controls.tsx';
import { formatListDate } from '../../../lib/format/date.ts';
import { payerTypeLabel } from '../../../lib/patients/payer-types.ts';
import { providerListName } from '../../../lib/provider/provider-name.ts';

type Update = (patch: Partial<OrderDraft>) => void;

export function patientLabel(patient: Pick<PatientDoc, 'first_name' | 'last_name' | 'date_of_birth' | 'lab_patient_id'>): string {
  return `${patient.last_name}, ${patient.first_name}`;
}

export function OrganizationStep(props: { draft: OrderDraft; update: Update; organizations: OrganizationDoc[] }) {
  return (
    <StepCard id="step-organization" number={1} title="Client organization" done={props.draft.organizationId !== null}>
      <SelectField
        label="Organization"
        required
        value={props.draft.organizationId ?? ''}
        placeholder="Choose the organization"
        options={props.organizations.map((organization) => ({ value: organization.id, label: organization.dba_name ? `${organization.legal_name} (${organization.dba_name})` : organization.legal_name }))}
        onChange={(value) => props.update({ organizationId: value || null, providerId: null })}
      />
    </StepCard>
  );
}

function EligibilityBadge({ eligibility }: { eligibility: MedicareEligibility }) {
  const palette = eligibility.status === 'eligible' ? 'green' : eligibility.status === 'not-eligible' ? 'red' : 'orange';
  return (
    <Badge colorPalette={palette} variant="subtle">
      {ELIGIBILITY_LABELS[eligibility.status]}
    </Badge>
  );
}

export function ProviderStep(props: { draft: OrderDraft; update: Update; providers: ProviderDoc[] | null; alerts: readonly EntryAlert[]; now: Date }) {
  const chosen = props.providers?.find((provider) => provider.id === props.draft.providerId) ?? null;
  const block = chosen ? enrollmentBlock(props.alerts) : null;
  const eligibility = chosen ? medicareOrderingEligibility(chosen, props.now) : null;
  // Kept selectable only when already chosen (a screening that arrived after the choice), so it can be shown and changed.
  const chosenExclusion = chosen ? confirmedExclusion(chosen) : null;
  return (
    <StepCard id="step-provider" number={2} title="Ordering provider" done={chosen !== null}>
      {props.draft.organizationId === null ? (
        <Text color="fg.muted">Choose the organization first.</Text>
      ) : props.providers && props.providers.length === 0 ? (
        <Text color="fg.muted">This organization has no active providers.</Text>
      ) : (
        <SelectField
          label="Provider"
          required
          value={props.draft.providerId ?? ''}
          placeholder="Choose the ordering provider"
          options={(props.providers ?? []).map((provider) => {
            const exclusion = confirmedExclusion(provider);
            const status = exclusion ? exclusionLabel(exclusion) : ELIGIBILITY_LABELS[medicareOrderingEligibility(provider, props.now).status];
            return {
              value: provider.id,
              label: `${providerListName(provider)} · NPI ${provider.npi ?? 'none'} · ${status}`,
              disabled: exclusion !== null && provider.id !== props.draft.providerId,
            };
          })}
          onChange={(value) => props.update({ providerId: value || null })}
        />
      )}
      {chosen && eligibility && (
        <HStack gap="2" wrap="wrap">
          <Text fontSize="sm">NPI {chosen.npi ?? 'none'}</Text>
          <EligibilityBadge eligibility={eligibility} />
          <Text fontSize="sm" color="fg.muted">
            {eligibility.reason}
          </Text>
        </HStack>
      )}
      {chosenExclusion && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{exclusionLabel(chosenExclusion)}</Alert.Title>
            <Alert.Description>{EXCLUDED_ORDER_REFUSAL} Choose another provider.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {block && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Open alert: {alertKindLabel(block.kind)}</Alert.Title>
            <Alert.Description>{block.summary} Medicare cannot be billed for this provider’s orders until the alert is acknowledged.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </StepCard>
  );
}

/** The patients feature's new-patient form (with its duplicates warning), composed in by the route. */
export type AddPatientSlot = (props: { onAdded: (patientId: string) => void; onCancel: () => void }) => ReactNode;

function AddPatientDialog({ slot, onAdded }: { slot: AddPatientSlot; onAdded: (patientId: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogRoot open={open} onOpenChange={(details) => setOpen(details.open)} size="xl" scrollBehavior="inside" lazyMount unmountOnExit>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" alignSelf="flex-start">
          Add patient
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add patient</DialogTitle>
        </DialogHeader>
        <DialogBody pb="6">
          {slot({
            onAdded: (patientId) => {
              setOpen(false);
              onAdded(patientId);
            },
            onCancel: () => setOpen(false),
          })}
        </DialogBody>
        <DialogCloseTrigger />
      </DialogContent>
    </DialogRoot>
  );
}

/** How many patients the step offers for a query. */
const PATIENT_CHOICES = 8;

/** The active patients a query finds, the first few by name, as the picker shows them. */
export function patientChoices(found: readonly PatientDoc[]): Array<{ id: string; label: string; detail: string }> {
  const choices: Array<{ id: string; label: string; detail: string }> = [];
  for (const patient of found) {
    if (!patient.is_active) continue;
    choices.push({ id: patient.id, label: patientLabel(patient), detail: `Born ${formatListDate(patient.date_of_birth)} · ${patient.lab_patient_id}` });
    if (choices.length === PATIENT_CHOICES) break;
  }
  return choices;
}

/**
 * The patient step searches the patient list's index (src/lib/patients: name, date of birth
 * as typed, lab patient id, MRN; each word in any field), as fast as the patient list at
 * 100,000 patients, instead of filtering every patient on each key.
 */
export function PatientStep(props: {
  draft: OrderDraft;
  chosen: PatientDoc | null;
  searchPatients: (query: string) => readonly PatientDoc[];
  loading: boolean;
  addPatient?: AddPatientSlot;
  /** A patient was picked or added (who pays and the focus follow). */
  onChoose: (patientId: string) => void;
  /** "Change patient": the choice is undone and the search is back. */
  onChange: () => void;
}) {
  const chosen = props.chosen;
  const search = (query: string) => (query.trim() === '' ? [] : patientChoices(props.searchPatients(query)));
  return (
    <StepCard id="step-patient" number={3} title="Patient" done={chosen !== null}>
      {chosen ? (
        <HStack justify="space-between" wrap="wrap">
          <Stack gap="0">
            <Text fontWeight="medium">{patientLabel(chosen)}</Text>
            <Text fontSize="sm" color="fg.muted">
              Born {formatListDate(chosen.date_of_birth)} · {chosen.lab_patient_id}
            </Text>
          </Stack>
          <Button size="sm" variant="outline" onClick={props.onChange}>
            Change patient
          </Button>
        </HStack>
      ) : (
        <Stack gap="3">
          <SearchPicker
            label="Find the patient"
            placeholder="Name, date of birth or lab patient id"
            helperText={props.loading ? 'Reading the patients on this device…' : props.addPatient ? 'Not found? Add the patient here without leaving the order.' : undefined}
            search={search}
            onPick={props.onChoose}
          />
          {props.addPatient && <AddPatientDialog slot={props.addPatient} onAdded={props.onChoose} />}
        </Stack>
      )}
    </StepCard>
  );
}

function BillOtherwise({ update }: { update: Update }) {
  return (
    <HStack mt="2" gap="2">
      <Button size="xs" variant="outline" onClick={() => update({ billing: 'client', coverageRank: null })}>
        Bill the client
      </Button>
      <Button size="xs" variant="outline" onClick={() => update({ billing: 'patient', coverageRank: null })}>
        Bill the patient
      </Button>
    </HStack>
  );
}

export function BillingStep(props: {
  draft: OrderDraft;
  update: Update;
  coverages: Coverage[];
  eligibility: MedicareEligibility | null;
  enrollmentAlert: EntryAlert | null;
}) {
  const coverageLabel = (coverage: Coverage) =>
    `${coverage.rank === 'primary' ? 'Primary' : 'Secondary'}: ${coverage.payer_name || payerTypeLabel(coverage.payer_type)}${coverage.member_id ? ` · ${coverage.payer_type === 'medicare' ? formatMbi(coverage.member_id) : coverage.member_id}` : ''}`;
  const insured = props.coverages.filter((coverage) => coverage.payer_type !== 'self_pay');
  return (
    <StepCard id="step-billing" number={4} title="Billing" done={props.draft.billing !== null}>
      <SelectField
        label="Who pays"
        required
        value={props.draft.billing ?? ''}
        placeholder="Choose who pays"
        options={BILLINGS.filter((billing) => billing !== 'insurance' || insured.length > 0).map((billing) => ({ value: billing, label: BILLING_LABELS[billing] }))}
        onChange={(value) => {
          const billing = (value || null) as OrderDraft['billing'];
          props.update({ billing, coverageRank: billing === 'insurance' ? (insured[0]?.rank ?? null) : null });
        }}
        helperText={props.draft.patientId && insured.length === 0 ? 'The patient has no insurance on file.' : undefined}
      />
      {props.draft.billing === 'insurance' && (
        <SelectField
          label="Coverage"
          required
          value={props.draft.coverageRank ?? ''}
          options={insured.map((coverage) => ({ value: coverage.rank, label: coverageLabel(coverage) }))}
          onChange={(value) => props.update({ coverageRank: (value || null) as OrderDraft['coverageRank'] })}
        />
      )}
      {props.eligibility && props.eligibility.status !== 'eligible' && (
        <Alert.Root status={props.eligibility.status === 'not-eligible' ? 'error' : 'warning'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{props.eligibility.status === 'not-eligible' ? 'Medicare cannot be billed for this provider' : 'The provider’s Medicare check is due'}</Alert.Title>
            <Alert.Description>
              {props.eligibility.reason}
              {props.eligibility.status === 'needs-check' && ' The laboratory checks again when the order arrives.'}
            </Alert.Description>
            {props.eligibility.status === 'not-eligible' && <BillOtherwise update={props.update} />}
          </Alert.Content>
        </Alert.Root>
      )}
      {props.enrollmentAlert && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Medicare cannot be billed for this provider</Alert.Title>
            <Alert.Description>{enrollmentBlockMessage(props.enrollmentAlert)}</Alert.Description>
            <BillOtherwise update={props.update} />
          </Alert.Content>
        </Alert.Root>
      )}
    </StepCard>
  );
}
