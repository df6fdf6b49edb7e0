/**
 * The last steps of order entry: the collection (when, by whom, fasting, routine or STAT,
 * comments) and the review, where the tests Medicare may not pay for are listed with the
 * choices the user has (change the diagnoses, remove the test, or keep it with an ABN whose
 * option and signature are recorded), and what still stops the order.
 */
import { Alert, Box, Button, HStack, Input, List, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Field } from '../../../components/ui/field.tsx';
import type { AbnOption } from '../../../lib/lab/medical-necessity.ts';
import { ENTRY_STEPS, parseCost, PRIORITIES, type OrderDraft, type OrderEvaluation } from '../model/order-draft.ts';
import { ABN_OPTION_LABELS } from '../model/order-texts.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { StepCard } from './entry-controls.tsx';
import { RepeatFields } from './repeat-fields.tsx';
import { SUBMIT_BUTTON_ID } from './use-entry-flow.ts';

type Update = (patch: Partial<OrderDraft>) => void;

/** `fastingAsked`: a chosen test asks whether the patient is fasting, under Order questions: not asked again here. */
export function CollectionStep(props: { draft: OrderDraft; update: Update; fastingAsked: boolean }) {
  return (
    <StepCard id="step-collection" number={8} title="Collection" done={props.draft.collectedAt !== ''}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field label="Collection date and time" required>
          <Input type="datetime-local" value={props.draft.collectedAt} onChange={(event) => props.update({ collectedAt: event.currentTarget.value })} />
        </Field>
        <Field label="Collected by">
          <Input value={props.draft.collectedBy} autoComplete="off" onChange={(event) => props.update({ collectedBy: event.currentTarget.value })} />
        </Field>
        {!props.fastingAsked && (
          <SelectField
            label="Fasting"
            value={props.draft.fasting === null ? '' : props.draft.fasting ? 'yes' : 'no'}
            placeholder="Not stated"
            options={[
              { value: 'yes', label: 'Fasting' },
              { value: 'no', label: 'Not fasting' },
            ]}
            onChange={(value) => props.update({ fasting: value === '' ? null : value === 'yes' })}
          />
        )}
        <SelectField
          label="Priority"
          value={props.draft.priority}
          options={PRIORITIES.map((priority) => ({ value: priority, label: priority === 'stat' ? 'STAT' : 'Routine' }))}
          onChange={(value) => props.update({ priority: value as OrderDraft['priority'] })}
        />
      </SimpleGrid>
      <Field label="Comments">
        <Textarea rows={2} value={props.draft.comments} onChange={(event) => props.update({ comments: event.currentTarget.value })} />
      </Field>
      <RepeatFields draft={props.draft} update={props.update} />
    </StepCard>
  );
}

const STEP_TITLES: Record<(typeof ENTRY_STEPS)[number], string> = {
  organization: 'Client organization',
  provider: 'Ordering provider',
  patient: 'Patient',
  billing: 'Billing',
  tests: 'Tests',
  questions: 'Order questions',
  diagnoses: 'Diagnoses',
  collection: 'Collection',
  review: 'Review',
};

function AbnChoice(props: { draft: OrderDraft; update: Update; evaluation: OrderEvaluation; onPrintAbn: (() => void) | null }) {
  const covered = props.evaluation.tests.filter((verdict) => verdict.coveredByAbn);
  const names = covered.map((verdict) => verdict.test.name);
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" borderColor="border.warning">
      <Stack gap="3">
        <Text fontWeight="semibold">Medicare may not pay for: {names.join(', ')}</Text>
        <Text fontSize="sm" color="fg.muted">
          Change the diagnoses, remove the test, or keep it with an Advance Beneficiary Notice (ABN, CMS-R-131): give it to the patient to sign and record their choice.
        </Text>
        <HStack gap="2" wrap="wrap">
          {props.evaluation.tests
            .filter((verdict) => verdict.coveredByAbn)
            .map((verdict) => (
              <Button key={verdict.test.code} size="xs" variant="outline" onClick={() => props.update({ tests: props.draft.tests.filter((code) => code !== verdict.test.code) })}>
                Remove {verdict.test.name}
              </Button>
            ))}
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {covered.map((verdict) => {
            const typed = props.draft.abnCosts[verdict.test.code] ?? '';
            return (
              <Field
                key={verdict.test.code}
                label={`Estimated cost of ${verdict.test.name} (USD)`}
                required
                invalid={typed.trim() !== '' && parseCost(typed) === null}
                errorText="A cost in dollars, for example 45 or 45.50."
              >
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  value={typed}
                  onChange={(event) => props.update({ abnCosts: { ...props.draft.abnCosts, [verdict.test.code]: event.currentTarget.value } })}
                />
              </Field>
            );
          })}
        </SimpleGrid>
        <HStack>
          <Button size="sm" variant="outline" disabled={!props.onPrintAbn} onClick={() => props.onPrintAbn?.()}>
            Print the ABN for the patient
          </Button>
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField
            label="The patient’s ABN choice"
            value={props.draft.abn ? String(props.draft.abn.option) : ''}
            placeholder="No ABN recorded"
            options={([1, 2, 3] as const).map((option) => ({ value: String(option), label: ABN_OPTION_LABELS[option] }))}
            onChange={(value) => props.update({ abn: value === '' ? null : { option: Number(value) as AbnOption, signature: props.draft.abn?.signature ?? null } })}
          />
          {/* A record of consent, made by the person who saw it signed: no answer is assumed. */}
          <SelectField
            label="ABN signature"
            required
            value={props.draft.abn?.signature ?? ''}
            placeholder="Choose what the patient did"
            disabled={!props.draft.abn}
            helperText={props.draft.abn ? undefined : 'Record the patient’s choice first.'}
            options={[
              { value: 'signed', label: 'Signed by the patient' },
              { value: 'refused', label: 'The patient refused to sign' },
            ]}
            onChange={(value) => props.draft.abn && props.update({ abn: { ...props.draft.abn, signature: value === '' ? null : (value as 'signed' | 'refused') } })}
          />
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

export function ReviewStep(props: {
  draft: OrderDraft;
  update: Update;
  evaluation: OrderEvaluation;
  busy: boolean;
  onSubmit: () => void;
  /** Prints the ABN for the tests concerned (null until the patient and costs allow it). */
  onPrintAbn: (() => void) | null;
}) {
  const { evaluation } = props;
  return (
    <StepCard id="step-review" number={9} title="Review and submit" done={evaluation.problems.length === 0}>
      {evaluation.medicare && (
        <Text fontSize="sm">
          Billed to Medicare. {evaluation.tests.filter((verdict) => verdict.necessity?.status === 'supported' || verdict.necessity?.status === 'not-governed').length} of{' '}
          {evaluation.tests.length} tests supported by the diagnoses.
        </Text>
      )}
      {evaluation.abnTests.length > 0 && <AbnChoice draft={props.draft} update={props.update} evaluation={evaluation} onPrintAbn={props.onPrintAbn} />}
      {evaluation.problems.length > 0 ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Before the order can be submitted</Alert.Title>
            <List.Root fontSize="sm" ps="4">
              {evaluation.problems.map((problem) => (
                <List.Item key={`${problem.step}-${problem.message}`}>
                  <a href={`#step-${problem.step}`}>{STEP_TITLES[problem.step]}</a>: {problem.message}
                </List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Everything is in place. The order is saved on this device at once and sent to the laboratory when online.
        </Text>
      )}
      <HStack>
        <Button id={SUBMIT_BUTTON_ID} colorPalette="brand" onClick={props.onSubmit} disabled={evaluation.problems.length > 0 || props.busy} loading={props.busy}>
          Submit order
        </Button>
      </HStack>
    </StepCard>
  );
}
