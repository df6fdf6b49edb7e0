/**
 * An order being entered (issue 31), and what follows from it: whether Medicare is billed,
 * the ordering provider's Medicare eligibility, each test's medical necessity under the lab
 * NCDs (the shared rules of src/lib/lab, which the server applies again), the modifier each
 * test carries after the patient's ABN choice, what still stops the order, and the row that
 * is written. Pure: the entry page renders it at every keystroke, offline.
 */
import { alertKindLabel, LOSS_OF_ENROLLMENT_KINDS } from '../../../lib/alerts/alert-texts.ts';
import type { CompendiumIndex, NcdIndex } from '../../../lib/reference/index.ts';
import { formatIcd10cm } from '../../../lib/lab/icd10cm.ts';
import { abnOutcome, lineModifiers, type AbnOption, type PriorService, type TestNecessity } from '../../../lib/lab/medical-necessity.ts';
import { medicareOrderingEligibility, type EligibilityProvider, type MedicareEligibility } from '../../../lib/lab/medicare-eligibility.ts';
import type { CompendiumTest } from '../../../lib/lab/reference-types.ts';
import { confirmedExclusion, exclusionOrderMessage, type ExclusionScreening } from '../../../lib/exclusions/order-exclusion.ts';
import { isFastingQuestion } from '../../../lib/lab/order-verdict.ts';
import { NO_REPEAT, repeatStanding, type RepeatChoice } from './repeat.ts';

export const BILLINGS = ['client', 'patient', 'insurance'] as const;
export type Billing = (typeof BILLINGS)[number];
export const PRIORITIES = ['routine', 'stat'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const MAX_DIAGNOSES = 12;

export interface Coverage {
  rank: 'primary' | 'secondary';
  payer_type: 'medicare' | 'medicaid' | 'commercial' | 'self_pay';
  payer_name?: string | null;
  member_id?: string | null;
}

export interface AbnRecord {
  option: AbnOption;
  /**
   * Recorded by the person who saw the form signed (or refused): it starts empty and must be
   * chosen, never assumed (null until then).
   */
  signature: 'signed' | 'refused' | null;
}

export interface OrderDraft {
  organizationId: string | null;
  providerId: string | null;
  patientId: string | null;
  billing: Billing | null;
  coverageRank: 'primary' | 'secondary' | null;
  /** Compendium order codes, in the order chosen. */
  tests: string[];
  /** `${test}:${question}` → answer. */
  answers: Record<string, string>;
  /** Dotted ICD-10-CM codes. */
  diagnoses: string[];
  /** `YYYY-MM-DDTHH:MM`, local time. */
  collectedAt: string;
  collectedBy: string;
  fasting: boolean | null;
  priority: Priority;
  comments: string;
  /** The patient's ABN for the tests Medicare may deny (null: none obtained yet). */
  abn: AbnRecord | null;
  /** Test code → the ABN's estimated cost as typed (US dollars). */
  abnCosts: Record<string, string>;
  /** A standing order's repeat (model/repeat.ts); the entered order is occurrence 1. */
  repeat: RepeatChoice;
}

/** A typed cost in US dollars (12, 12.5, 12.50), or null when it is not one. */
export function parseCost(text: string | undefined): number | null {
  const value = (text ?? '').trim().replace(/^\$/, '');
  return /^\d{1,6}(\.\d{1,2})?$/.test(value) ? Number(value) : null;
}

export function emptyDraft(now: Date = new Date()): OrderDraft {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  return {
    organizationId: null,
    providerId: null,
    patientId: null,
    billing: null,
    coverageRank: null,
    tests: [],
    answers: {},
    diagnoses: [],
    collectedAt: local,
    collectedBy: '',
    fasting: null,
    priority: 'routine',
    comments: '',
    abn: null,
    abnCosts: {},
    repeat: NO_REPEAT,
  };
}

export function answerKey(test: string, question: string): string {
  return `${test}:${question}`;
}

/**
 * An order question's answer as the form shows it. The fasting question is the order's one
 * fasting fact (`draft.fasting`): asked once, whichever tests ask it, and not again under
 * the collection; every other question's answer is kept per test that asks it.
 */
export function questionValue(draft: OrderDraft, tests: readonly string[], code: string): string {
  if (isFastingQuestion(code)) return draft.fasting === null ? '' : draft.fasting ? 'Yes' : 'No';
  return tests.map((test) => draft.answers[answerKey(test, code)] ?? '').find((value) => value !== '') ?? '';
}

/** The change of the draft that answers a question. */
export function answerPatch(draft: OrderDraft, tests: readonly string[], code: string, value: string): Partial<OrderDraft> {
  if (isFastingQuestion(code)) return { fasting: value === '' ? null : value === 'Yes' };
  const answers = { ...draft.answers };
  for (const test of tests) answers[answerKey(test, code)] = value;
  return { answers };
}

/** Whether a chosen test asks whether the patient is fasting (the collection then does not ask again). */
export function testsAskFasting(draft: OrderDraft, compendium: CompendiumIndex): boolean {
  return compendium.questionsFor(draft.tests).some((question) => isFastingQuestion(question.code));
}

/** The coverage billing by insurance uses (null unless insurance pays). */
export function billedCoverage(draft: OrderDraft, coverages: readonly Coverage[]): Coverage | null {
  if (draft.billing !== 'insurance' || !draft.coverageRank) return null;
  return coverages.find((coverage) => coverage.rank === draft.coverageRank) ?? null;
}

export function billsMedicare(draft: OrderDraft, coverages: readonly Coverage[]): boolean {
  return billedCoverage(draft, coverages)?.payer_type === 'medicare';
}

/** The codes a test bills: its own, or (a panel billed through its members) its members'. */
export function billedCodes(test: CompendiumTest, compendium: CompendiumIndex): string[] {
  if (test.cpt_codes.length > 0 || !test.is_panel) return test.cpt_codes;
  return [...new Set(compendium.members(test.code).flatMap((member) => member.cpt_codes))];
}

export interface EntryContext {
  compendium: CompendiumIndex;
  ncd: NcdIndex;
  provider: (EligibilityProvider & ExclusionScreening) | null;
  coverages: readonly Coverage[];
  /** The patient's earlier orders' services (not cancelled), for the NCDs' frequency limits. */
  priorServices: readonly PriorService[];
  /** The ordering provider's open (unacknowledged) alerts, newest first. */
  providerAlerts: readonly EntryAlert[];
  now: Date;
}

export interface EntryAlert {
  kind: string;
  summary: string;
  raised_at: string;
}

/** The newest open alert that bars Medicare billing for the provider (the server refuses it too). */
export function enrollmentBlock(alerts: readonly EntryAlert[]): EntryAlert | null {
  return alerts.find((alert) => LOSS_OF_ENROLLMENT_KINDS.has(alert.kind)) ?? null;
}

/** The words the server's refusal uses (20261127200000_orders_medicare_enrollment_alert.sql). */
export function enrollmentBlockMessage(alert: EntryAlert): string {
  return `Medicare cannot be billed: the ordering provider has an open alert (${alertKindLabel(alert.kind)}). Bill the client or the patient instead.`;
}

export interface TestVerdict {
  test: CompendiumTest;
  cptCodes: string[];
  /** null when Medicare is not billed. */
  necessity: TestNecessity | null;
  /** True when the ABN covers this test (Medicare may deny it). */
  coveredByAbn: boolean;
  modifiers: Array<{ cpt: string; modifier: 'GA' | 'GZ' | 'GY' | null }>;
  /** The patient chose option 3: the test is not done and not sent. */
  declined: boolean;
}

export interface OrderEvaluation {
  medicare: boolean;
  eligibility: MedicareEligibility | null;
  /** An open loss-of-enrollment alert of the provider while Medicare is billed. */
  enrollmentAlert: EntryAlert | null;
  tests: TestVerdict[];
  /** Tests Medicare may deny (not supported, frequency exceeded, needs a diagnosis). */
  abnTests: string[];
  /** What stops the order from being submitted, each in words, by step. */
  problems: Array<{ step: EntryStep; message: string }>;
}

export const ENTRY_STEPS = ['organization', 'provider', 'patient', 'billing', 'tests', 'questions', 'diagnoses', 'collection', 'review'] as const;
export type EntryStep = (typeof ENTRY_STEPS)[number];

export const ABN_SIGNATURE_REQUIRED = 'Choose whether the patient signed the ABN or refused to sign it.';

export function dateOfService(draft: OrderDraft): string {
  return draft.collectedAt.slice(0, 10);
}

export function evaluateOrder(draft: OrderDraft, context: EntryContext): OrderEvaluation {
  const medicare = billsMedicare(draft, context.coverages);
  const eligibility = medicare && context.provider ? medicareOrderingEligibility(context.provider, context.now) : null;
  const enrollmentAlert = medicare ? enrollmentBlock(context.providerAlerts) : null;
  const chosen = draft.tests.map((code) => context.compendium.get(code)).filter((test): test is CompendiumTest => test !== null);
  const necessities = medicare
    ? context.ncd.check({
        tests: chosen.map((test) => ({ code: test.code, cpt_codes: billedCodes(test, context.compendium) })),
        diagnoses: draft.diagnoses,
        priorServices: context.priorServices,
        dateOfService: dateOfService(draft),
      })
    : [];
  const abnTests = necessities.filter((item) => item.abnNeeded).map((item) => item.code);
  const tests = chosen.map((test, index): TestVerdict => {
    const necessity = medicare ? (necessities[index] ?? null) : null;
    const coveredByAbn = abnTests.includes(test.code);
    // The modifier follows the patient's option; the signature is required before submitting.
    const abn = coveredByAbn && draft.abn ? { option: draft.abn.option, signature: draft.abn.signature ?? 'refused' } : null;
    const modifiers = necessity ? lineModifiers(necessity, abn) : billedCodes(test, context.compendium).map((cpt) => ({ cpt, modifier: null }));
    const declined = necessity ? !abnOutcome(necessity.status, abn).perform : false;
    return { test, cptCodes: billedCodes(test, context.compendium), necessity, coveredByAbn, modifiers, declined };
  });

  const problems: OrderEvaluation['problems'] = [];
  if (!draft.organizationId) problems.push({ step: 'organization', message: 'Choose the client organization.' });
  if (!draft.providerId) problems.push({ step: 'provider', message: 'Choose the ordering provider.' });
  const exclusion = context.provider ? confirmedExclusion(context.provider) : null;
  if (exclusion) problems.push({ step: 'provider', message: exclusionOrderMessage(exclusion) });
  if (!draft.patientId) problems.push({ step: 'patient', message: 'Choose the patient.' });
  if (!draft.billing) problems.push({ step: 'billing', message: 'Choose who pays: the client, the patient or the patient’s insurance.' });
  if (draft.billing === 'insurance' && !billedCoverage(draft, context.coverages)) {
    problems.push({ step: 'billing', message: 'Choose the patient’s coverage that pays.' });
  }
  if (eligibility?.status === 'not-eligible') {
    problems.push({ step: 'billing', message: `Medicare cannot be billed: ${eligibility.reason} Bill the client or the patient instead.` });
  }
  if (enrollmentAlert) problems.push({ step: 'billing', message: enrollmentBlockMessage(enrollmentAlert) });
  if (chosen.length === 0) problems.push({ step: 'tests', message: 'Add at least one test.' });
  for (const question of context.compendium.questionsFor(draft.tests)) {
    if (!question.required) continue;
    const answered = questionValue(draft, question.tests, question.code).trim() !== '';
    if (!answered) problems.push({ step: 'questions', message: `Answer “${question.text}”.` });
  }
  if (draft.billing === 'insurance' && draft.diagnoses.length === 0) {
    problems.push({ step: 'diagnoses', message: 'Add at least one diagnosis code: the insurance pays only with one.' });
  }
  if (draft.diagnoses.length > MAX_DIAGNOSES) problems.push({ step: 'diagnoses', message: `At most ${MAX_DIAGNOSES} diagnosis codes.` });
  if (abnTests.length > 0 && !draft.abn) {
    problems.push({ step: 'review', message: 'Record the patient’s ABN choice for the tests Medicare may not pay for, or change the diagnoses or remove those tests.' });
  }
  if (abnTests.length > 0 && draft.abn && !draft.abn.signature) {
    problems.push({ step: 'review', message: ABN_SIGNATURE_REQUIRED });
  }
  if (abnTests.some((code) => parseCost(draft.abnCosts[code]) === null)) {
    problems.push({ step: 'review', message: 'Enter the estimated cost of each test on the ABN (in dollars, for example 45 or 45.50).' });
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(draft.collectedAt)) problems.push({ step: 'collection', message: 'Enter the collection date and time.' });
  const repeat = repeatStanding(draft.repeat);
  if ('problem' in repeat) problems.push({ step: 'collection', message: repeat.problem });
  return { medicare, eligibility, enrollmentAlert, tests, abnTests, problems };
}

/** A type, not an interface: it must be assignable to the JSON column's type. */
export type OrderTestEntry = {
  code: string;
  name: string;
  cpt_codes: string[];
  specimen_type: string;
  container: string;
  necessity: string;
  reason: string | null;
  modifiers: Array<{ cpt: string; modifier: 'GA' | 'GZ' | 'GY' | null }>;
  declined: boolean;
};

export type OrderAnswer = {
  test: string;
  question: string;
  value: string;
};

/** The JSON columns of the order row written for the draft. */
export function orderJson(draft: OrderDraft, evaluation: OrderEvaluation, compendium: CompendiumIndex) {
  const tests: OrderTestEntry[] = evaluation.tests.map((verdict) => ({
    code: verdict.test.code,
    name: verdict.test.name,
    cpt_codes: verdict.cptCodes,
    specimen_type: verdict.test.specimen_type,
    container: verdict.test.container,
    necessity: verdict.necessity?.status ?? 'not-governed',
    reason: verdict.necessity?.reason ?? null,
    modifiers: verdict.modifiers,
    declined: verdict.declined,
  }));
  const answers: OrderAnswer[] = [];
  for (const question of compendium.questionsFor(draft.tests)) {
    // The fasting fact travels once, in the order's `fasting` column, not as an answer per test.
    if (isFastingQuestion(question.code)) continue;
    const value = question.tests.map((test) => draft.answers[answerKey(test, question.code)] ?? '').find((text) => text.trim() !== '');
    if (value === undefined) continue;
    for (const test of question.tests) answers.push({ test, question: question.code, value: value.trim() });
  }
  return {
    tests,
    answers,
    diagnoses: draft.diagnoses.map(formatIcd10cm),
    abn:
      draft.abn && evaluation.abnTests.length > 0
        ? {
            ...draft.abn,
            tests: evaluation.abnTests,
            reasons: Object.fromEntries(
              evaluation.tests.filter((verdict) => verdict.coveredByAbn).map((verdict) => [verdict.test.code, verdict.necessity?.reason ?? '']),
            ),
            estimated_costs: Object.fromEntries(evaluation.abnTests.map((code) => [code, parseCost(draft.abnCosts[code]) ?? 0])),
            recorded_at: new Date().toISOString(),
          }
        : null,
    medicare_check: evaluation.medicare
      ? {
          eligibility: evaluation.eligibility ? { status: evaluation.eligibility.status, reason: evaluation.eligibility.reason } : null,
          tests: evaluation.tests.map((verdict) => ({ code: verdict.test.code, status: verdict.necessity?.status ?? 'not-governed' })),
        }
      : null,
  };
}
