import { describe, expect, it } from 'vitest';
import { checkedReferenceSeed } from '../../../../supabase/seed/reference/reference-statements.ts';
import { buildCompendiumIndex } from '../../../lib/reference/compendium-index.ts';
import { buildNcdIndex } from '../../../lib/reference/ncd-index.ts';
import { ABN_SIGNATURE_REQUIRED, answerKey, answerPatch, emptyDraft, evaluateOrder, orderJson, parseCost, questionValue, testsAskFasting, type EntryContext, type OrderDraft } from './order-draft.ts';

const seed = checkedReferenceSeed();
const compendium = buildCompendiumIndex({ tests: seed.tests });
const ncd = buildNcdIndex({ policies: seed.policies });
const NPI = '1234567893';
const now = new Date('2026-11-20T15:00:00Z');

function evidence(partB: 'Y' | 'N', checkedAt = '2026-11-10T00:00:00Z') {
  return { npi: NPI, checked_at: checkedAt, enrollment: { rows: [{ NPI }] }, order_referring: { rows: [{ NPI, PARTB: partB }] } };
}

function context(overrides: Partial<EntryContext> = {}): EntryContext {
  return {
    compendium,
    ncd,
    provider: { npi: NPI, pecos_verification_date: '2026-11-10T00:00:00Z', pecos_verification_data: evidence('Y') },
    coverages: [{ rank: 'primary', payer_type: 'medicare', member_id: '1EG4TE5MK73' }],
    priorServices: [],
    providerAlerts: [],
    now,
    ...overrides,
  };
}

function medicareDraft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    ...emptyDraft(now),
    organizationId: 'org',
    providerId: 'prov',
    patientId: 'pat',
    billing: 'insurance',
    coverageRank: 'primary',
    tests: ['HBA1C', 'LIPID'],
    diagnoses: ['E78.5'],
    fasting: true,
    collectedAt: '2026-11-20T08:30',
    abnCosts: { HBA1C: '45.50' },
    ...overrides,
  };
}

describe('one fasting fact, asked once', () => {
  it('binds the fasting question to the order’s fasting fact, and keeps other answers per test', () => {
    const draft = medicareDraft({ fasting: null });
    expect(testsAskFasting(draft, compendium)).toBe(true);
    expect(testsAskFasting(medicareDraft({ tests: ['HBA1C'] }), compendium)).toBe(false);
    expect(questionValue(draft, ['LIPID'], 'FASTING')).toBe('');
    expect(evaluateOrder(draft, context()).problems).toContainEqual({ step: 'questions', message: expect.stringMatching(/^Answer “Is the patient fasting/) });
    const answered = { ...draft, ...answerPatch(draft, ['LIPID'], 'FASTING', 'No') };
    expect(answered.fasting).toBe(false);
    expect(answered.answers).toEqual({});
    expect(questionValue(answered, ['LIPID'], 'FASTING')).toBe('No');
    expect(evaluateOrder(answered, context()).problems.filter((p) => p.step === 'questions')).toEqual([]);
    expect(answerPatch(draft, ['A', 'B'], 'SRC', 'Left arm')).toEqual({ answers: { [answerKey('A', 'SRC')]: 'Left arm', [answerKey('B', 'SRC')]: 'Left arm' } });
  });
});

describe('the ABN signature', () => {
  it('starts empty and must be chosen before the order can be submitted', () => {
    const chosenOption = medicareDraft({ abn: { option: 1, signature: null } });
    const evaluation = evaluateOrder(chosenOption, context());
    expect(evaluation.problems).toEqual([{ step: 'review', message: ABN_SIGNATURE_REQUIRED }]);
    expect(ABN_SIGNATURE_REQUIRED).toBe('Choose whether the patient signed the ABN or refused to sign it.');
    expect(evaluateOrder(medicareDraft({ abn: { option: 1, signature: 'refused' } }), context()).problems).toEqual([]);
  });
});

describe('a Medicare order at the keyboard', () => {
  it('finds the diagnosis supports the lipid panel but not HbA1c, and asks for the ABN', () => {
    const evaluation = evaluateOrder(medicareDraft(), context());
    expect(evaluation.medicare).toBe(true);
    expect(evaluation.eligibility?.status).toBe('eligible');
    expect(evaluation.tests.map((test) => [test.test.code, test.necessity?.status])).toEqual([
      ['HBA1C', 'not-supported'],
      ['LIPID', 'supported'],
    ]);
    expect(evaluation.abnTests).toEqual(['HBA1C']);
    expect(evaluation.problems.map((problem) => problem.step)).toEqual(['review']);
    // Without an ABN the unsupported test would carry GZ.
    expect(evaluation.tests[0]?.modifiers).toEqual([{ cpt: '83036', modifier: 'GZ' }]);
  });

  it('puts GA on the unsupported test with a signed option 1, and writes what the server checks', () => {
    const draft = medicareDraft({ abn: { option: 1, signature: 'signed' } });
    const evaluation = evaluateOrder(draft, context());
    expect(evaluation.problems).toEqual([]);
    const json = orderJson(draft, evaluation, compendium);
    expect(json.tests.map((test) => [test.code, test.necessity, test.modifiers, test.declined])).toEqual([
      ['HBA1C', 'not-supported', [{ cpt: '83036', modifier: 'GA' }], false],
      ['LIPID', 'supported', [{ cpt: '80061', modifier: null }], false],
    ]);
    expect(json.abn).toMatchObject({ option: 1, signature: 'signed', tests: ['HBA1C'], estimated_costs: { HBA1C: 45.5 } });
    expect(json.abn?.reasons.HBA1C).toMatch(/^No diagnosis given \(E78.5\) is on the /);
    // Fasting is the order's one fact (its column), not an answer per test.
    expect(json.answers).toEqual([]);
    expect(json.diagnoses).toEqual(['E78.5']);
  });

  it('does not send a test the patient declined (option 3)', () => {
    const evaluation = evaluateOrder(medicareDraft({ abn: { option: 3, signature: 'signed' } }), context());
    expect(evaluation.tests.map((test) => [test.test.code, test.declined, test.modifiers[0]?.modifier])).toEqual([
      ['HBA1C', true, null],
      ['LIPID', false, null],
    ]);
  });

  it('refuses Medicare billing for a provider not eligible for Part B and says why', () => {
    const provider = { npi: NPI, pecos_verification_date: '2026-11-10T00:00:00Z', pecos_verification_data: evidence('N') };
    const evaluation = evaluateOrder(medicareDraft({ abn: { option: 1, signature: 'signed' } }), context({ provider }));
    expect(evaluation.eligibility?.status).toBe('not-eligible');
    expect(evaluation.problems).toEqual([
      {
        step: 'billing',
        message:
          'Medicare cannot be billed: The provider is enrolled in PECOS but not eligible to order Part B services (the Order and Referring file does not show PARTB "Y") by the check of 2026-11-10: Medicare cannot be billed for their orders. Bill the client or the patient instead.',
      },
    ]);
    // Client billing: no Medicare rules, nothing stops the order.
    expect(evaluateOrder(medicareDraft({ billing: 'client', coverageRank: null }), context({ provider })).problems).toEqual([]);
  });

  it('says when the PECOS check is older than 30 days', () => {
    const provider = { npi: NPI, pecos_verification_date: '2026-09-01T00:00:00Z', pecos_verification_data: evidence('Y', '2026-09-01T00:00:00Z') };
    expect(evaluateOrder(medicareDraft(), context({ provider })).eligibility?.status).toBe('needs-check');
  });

  it('asks for the required questions, a diagnosis when insurance pays, and at most 12 codes', () => {
    const evaluation = evaluateOrder(medicareDraft({ fasting: null, diagnoses: [] }), context());
    expect(evaluation.problems.map((problem) => problem.message)).toEqual([
      'Answer “Is the patient fasting (nothing but water for 8 hours or more)?”.',
      'Add at least one diagnosis code: the insurance pays only with one.',
    ]);
    const many = Array.from({ length: 13 }, (_, i) => `E11.${i}`);
    expect(evaluateOrder(medicareDraft({ diagnoses: many, abn: { option: 1, signature: 'signed' } }), context()).problems.map((p) => p.step)).toContain('diagnoses');
  });

  it('flags a second HbA1c within three months as over the frequency limit', () => {
    const evaluation = evaluateOrder(medicareDraft({ tests: ['HBA1C'], diagnoses: ['E11.9'] }), context({ priorServices: [{ date: '2026-10-01', cpt_codes: ['83036'] }] }));
    expect(evaluation.tests[0]?.necessity?.status).toBe('frequency-exceeded');
    expect(evaluation.abnTests).toEqual(['HBA1C']);
  });
});

describe('an open loss-of-enrollment alert of the provider', () => {
  const alert = (kind: string) => ({ kind, summary: `${kind} summary`, raised_at: '2026-11-19T10:00:00Z' });

  it.each([
    ['pecos_lost', 'Medicare enrollment lost'],
    ['part_b_lost', 'Part B ordering lost'],
    ['npi_deactivated', 'NPI deactivated'],
    ['exclusion_confirmed', 'Excluded (OIG LEIE)'],
  ])('stops Medicare billing under %s, in the server’s words', (kind, label) => {
    const evaluation = evaluateOrder(medicareDraft({ abn: { option: 1, signature: 'signed' } }), context({ providerAlerts: [alert('name_changed'), alert(kind)] }));
    expect(evaluation.enrollmentAlert?.kind).toBe(kind);
    expect(evaluation.problems).toEqual([
      { step: 'billing', message: `Medicare cannot be billed: the ordering provider has an open alert (${label}). Bill the client or the patient instead.` },
    ]);
  });

  it('lets the client or the patient be billed, and ignores alerts of other kinds', () => {
    const alerts = [alert('pecos_lost')];
    for (const billing of ['client', 'patient'] as const) {
      const evaluation = evaluateOrder(medicareDraft({ billing, coverageRank: null }), context({ providerAlerts: alerts }));
      expect(evaluation.enrollmentAlert).toBeNull();
      expect(evaluation.problems).toEqual([]);
    }
    const other = evaluateOrder(medicareDraft({ abn: { option: 1, signature: 'signed' } }), context({ providerAlerts: [alert('name_changed'), alert('pecos_gained')] }));
    expect(other.enrollmentAlert).toBeNull();
    expect(other.problems).toEqual([]);
  });
});

describe('the ABN’s estimated cost', () => {
  it.each([['', null], ['45', 45], ['$45.5', 45.5], ['45.50', 45.5], ['4.555', null], ['-3', null], ['abc', null]])('reads %j as %j', (text, cost) => {
    expect(parseCost(text)).toBe(cost);
  });

  it('is required for each test on the ABN before the order is submitted', () => {
    const evaluation = evaluateOrder(medicareDraft({ abn: { option: 1, signature: 'signed' }, abnCosts: { HBA1C: 'soon' } }), context());
    expect(evaluation.problems).toEqual([{ step: 'review', message: 'Enter the estimated cost of each test on the ABN (in dollars, for example 45 or 45.50).' }]);
  });
});

describe('a provider with a confirmed OIG exclusion', () => {
  const excluded = {
    npi: NPI,
    pecos_verification_date: '2026-11-10T00:00:00Z',
    pecos_verification_data: evidence('Y'),
    exclusion_status: 'excluded',
    exclusion_data: { matches: [{ basis: 'npi', status: 'confirmed', excl_type: '1128a1', excl_date: '2020-03-19' }] },
  };

  it('cannot order, whoever pays, and the entry says why with the exclusion’s type and date', () => {
    for (const billing of ['insurance', 'client', 'patient'] as const) {
      const evaluation = evaluateOrder(medicareDraft({ billing, abn: { option: 1, signature: 'signed' } }), context({ provider: excluded }));
      expect(evaluation.problems).toContainEqual({
        step: 'provider',
        message: 'The ordering provider is on the OIG exclusion list: no order can be placed in their name. Excluded (1128a1, 2020-03-19).',
      });
    }
  });

  it('is not blocked by a possible match, nor by a screening that is clear', () => {
    for (const exclusion_status of ['possible', 'clear', null]) {
      const evaluation = evaluateOrder(medicareDraft({ abn: { option: 1, signature: 'signed' } }), context({ provider: { ...excluded, exclusion_status } }));
      expect(evaluation.problems.filter((problem) => problem.step === 'provider')).toEqual([]);
    }
  });
});
