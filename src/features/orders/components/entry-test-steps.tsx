/**
 * The middle steps of order entry: the tests (compendium search, the organization's and the
 * provider's favourites first, stars for staff), their order questions
 * (required ones must be answered) and the diagnosis codes (ICD-10-CM search, up to 12),
 * each test showing its Medicare verdict as the diagnoses change.
 */
import { Badge, Box, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Field } from '../../../components/ui/field.tsx';
import type { CompendiumIndex, Icd10cmIndex } from '../../../lib/reference/index.ts';
import { answerPatch, MAX_DIAGNOSES, questionValue, type OrderDraft, type TestVerdict } from '../model/order-draft.ts';
import { NECESSITY_LABELS, NECESSITY_PALETTE } from '../model/order-texts.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import type { CompendiumTest } from '../../../lib/lab/reference-types.ts';
import { favouriteDetail, favouritesFirst, type Favourite, type FavouriteStarsState } from '../model/favourites.ts';
import { SearchPicker, StepCard } from './entry-controls.tsx';
import { FavouriteStars } from './favourite-stars.tsx';

type Update = (patch: Partial<OrderDraft>) => void;

/** What the keys do in the tests' and diagnoses' search fields (entry-controls.tsx, use-entry-flow.ts). */
const PICKER_KEYS = 'Enter adds the first match and stays here for the next; Enter in the empty field goes on.';

export function TestsStep(props: {
  draft: OrderDraft;
  update: Update;
  compendium: CompendiumIndex;
  verdicts: TestVerdict[];
  medicare: boolean;
  favourites: Favourite[];
  /** Staff may star; null for anyone else. */
  stars: FavouriteStarsState | null;
  /** A test was removed (its button is gone: the focus goes back to the search). */
  onRemoved: () => void;
}) {
  const item = (test: CompendiumTest) => {
    const favourite = props.favourites.find((candidate) => candidate.test.code === test.code);
    const detail = `${test.specimen_type} · ${test.container}${test.cpt_codes.length ? ` · CPT ${test.cpt_codes.join(', ')}` : ''}`;
    return { id: test.code, label: `${favourite ? '★ ' : ''}${test.name} (${test.code})`, detail: favourite ? `${favouriteDetail(favourite.owners)} · ${detail}` : detail };
  };
  const search = (query: string) => {
    if (query.trim() === '') return props.favourites.map((favourite) => item(favourite.test));
    const matches = props.compendium.search(query, { limit: 40 }).filter((test) => !props.draft.tests.includes(test.code));
    return favouritesFirst(query, matches, props.favourites).slice(0, 8).map(item);
  };
  return (
    <StepCard id="step-tests" number={5} title="Tests" done={props.draft.tests.length > 0}>
      <SearchPicker
        label="Add a test"
        placeholder="Test name, order code, LOINC or CPT"
        helperText={props.favourites.length > 0 ? `${PICKER_KEYS} Favourites are listed first: Tab walks them.` : PICKER_KEYS}
        showAll={props.favourites.length > 0}
        search={search}
        onPick={(code) => props.update({ tests: [...props.draft.tests, code] })}
      />
      {props.verdicts.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Tests on this order">
          {props.verdicts.map((verdict) => (
            <Box as="li" key={verdict.test.code} borderWidth="1px" borderRadius="md" p="3">
              <HStack justify="space-between" align="flex-start" gap="3">
                <Stack gap="1" minW="0">
                  <Text fontWeight="medium">
                    {verdict.test.name} ({verdict.test.code})
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {verdict.test.specimen_type} · {verdict.test.container} · CPT {verdict.cptCodes.join(', ') || 'none'}
                  </Text>
                  {props.medicare && verdict.necessity && (
                    <HStack gap="2" wrap="wrap">
                      <Badge colorPalette={NECESSITY_PALETTE[verdict.necessity.status]} variant="subtle">
                        Medicare: {NECESSITY_LABELS[verdict.necessity.status]}
                      </Badge>
                      {verdict.modifiers.some((line) => line.modifier) && (
                        <Badge variant="outline">Modifier {[...new Set(verdict.modifiers.map((line) => line.modifier).filter(Boolean))].join(', ')}</Badge>
                      )}
                      {verdict.declined && <Badge colorPalette="red">Declined by the patient: not sent</Badge>}
                    </HStack>
                  )}
                  {props.medicare && verdict.necessity?.reason && (
                    <Text fontSize="sm" color="fg.muted">
                      {verdict.necessity.reason}
                    </Text>
                  )}
                </Stack>
                <Stack gap="1" align="flex-end">
                  <Button size="xs" variant="outline" aria-label={`Remove ${verdict.test.name}`} onClick={() => {
                      props.update({ tests: props.draft.tests.filter((code) => code !== verdict.test.code) });
                      props.onRemoved();
                    }}
                  >
                    Remove
                  </Button>
                  {props.stars && <FavouriteStars code={verdict.test.code} testName={verdict.test.name} {...props.stars} />}
                </Stack>
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
    </StepCard>
  );
}

export function QuestionsStep(props: { draft: OrderDraft; update: Update; compendium: CompendiumIndex }) {
  const questions = props.compendium.questionsFor(props.draft.tests);
  const valueOf = (tests: string[], code: string) => questionValue(props.draft, tests, code);
  const setAnswer = (tests: string[], code: string, value: string) => props.update(answerPatch(props.draft, tests, code, value));
  return (
    <StepCard id="step-questions" number={6} title="Order questions" done={questions.every((question) => !question.required || valueOf(question.tests, question.code) !== '')}>
      {questions.length === 0 ? (
        <Text color="fg.muted">{props.draft.tests.length === 0 ? 'Add tests first.' : 'These tests ask no questions.'}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {questions.map((question) => {
            const value = valueOf(question.tests, question.code);
            const set = (next: string) => setAnswer(question.tests, question.code, next);
            const helper = `Asked by ${question.tests.join(', ')}`;
            if (question.type === 'yes-no' || question.type === 'choice') {
              const options = question.type === 'yes-no' ? ['Yes', 'No'] : question.choices;
              return (
                <SelectField key={question.code} label={question.text} required={question.required} value={value} placeholder="Choose" helperText={helper} options={options.map((option) => ({ value: option, label: option }))} onChange={set} />
              );
            }
            return (
              <Field key={question.code} label={question.text} required={question.required} helperText={helper}>
                <Input type={question.type === 'date' ? 'date' : question.type === 'number' ? 'number' : 'text'} value={value} onChange={(event) => set(event.currentTarget.value)} />
              </Field>
            );
          })}
        </SimpleGrid>
      )}
    </StepCard>
  );
}

export function DiagnosesStep(props: { draft: OrderDraft; update: Update; icd10cm: Icd10cmIndex; required: boolean; onRemoved: () => void }) {
  const full = props.draft.diagnoses.length >= MAX_DIAGNOSES;
  const search = (query: string) =>
    props.icd10cm
      .search(query, 12)
      .filter((item) => item.billable && !props.draft.diagnoses.includes(item.dotted))
      .slice(0, 8)
      .map((item) => ({ id: item.dotted, label: `${item.dotted} ${item.short}`, detail: item.long }));
  return (
    <StepCard
      id="step-diagnoses"
      number={7}
      title="Diagnoses"
      description={props.required ? 'Required: the insurance pays only with a diagnosis. Up to 12 codes.' : 'Up to 12 ICD-10-CM codes.'}
      done={!props.required || props.draft.diagnoses.length > 0}
    >
      <SearchPicker
        label="Add a diagnosis code"
        placeholder="Code (E11.9) or words (type 2 diabetes)"
        disabled={full}
        helperText={full ? 'The order has 12 diagnosis codes, the most it can carry.' : PICKER_KEYS}
        search={search}
        onPick={(code) => props.update({ diagnoses: [...props.draft.diagnoses, code] })}
      />
      {props.draft.diagnoses.length > 0 && (
        <HStack as="ul" gap="2" wrap="wrap" listStyleType="none" m="0" p="0" aria-label="Diagnoses on this order">
          {props.draft.diagnoses.map((code) => (
            <Box as="li" key={code}>
              <Button size="xs" variant="outline" aria-label={`Remove diagnosis ${code}`} onClick={() => {
                  props.update({ diagnoses: props.draft.diagnoses.filter((item) => item !== code) });
                  props.onRemoved();
                }}
              >
                {code} · {props.icd10cm.get(code)?.short ?? ''} ✕
              </Button>
            </Box>
          ))}
        </HStack>
      )}
    </StepCard>
  );
}
