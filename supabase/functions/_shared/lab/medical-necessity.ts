// Medicare medical necessity of an order's tests under the lab NCDs (190.12–190.34): for
// each test, whether the chosen ICD-10-CM codes support it, whether its frequency limit is
// exceeded given the patient's earlier services, or whether Medicare never pays for it
// (statutorily excluded), and what the claim carries after the patient's ABN choice (GA,
// GZ, GY). Pure: order entry answers at the keyboard, offline, and the server applies the
// same rules again when the order arrives.
import { formatIcd10cm, normalizeIcd10cm } from './icd10cm.ts';
import type { FrequencyLimit, NcdPolicy } from './reference-types.ts';

/**
 * `not-governed`: no lab NCD governs the code (nothing to check). `supported`: a diagnosis
 * supports it. `needs-diagnosis`: governed, and no diagnosis was chosen.
 * `not-supported`: no chosen diagnosis supports it (an ABN is needed). `frequency-exceeded`:
 * supported, but done too often within the NCD's limit (an ABN is needed).
 * `never-covered`: every chosen diagnosis is one Medicare never covers for it (GY).
 */
export type NecessityStatus = 'not-governed' | 'supported' | 'needs-diagnosis' | 'not-supported' | 'frequency-exceeded' | 'never-covered';

/** From the state that asks most of the user to the one that asks nothing. */
export const NECESSITY_SEVERITY: readonly NecessityStatus[] = [
  'needs-diagnosis',
  'not-supported',
  'frequency-exceeded',
  'never-covered',
  'supported',
  'not-governed',
];

export interface NecessityTest {
  /** The compendium order code. */
  code: string;
  cpt_codes: readonly string[];
}

/** A service the patient had before (from earlier orders, not cancelled). */
export interface PriorService {
  /** `YYYY-MM-DD` (a timestamp's date part is used). */
  date: string;
  cpt_codes: readonly string[];
}

export interface NecessityInput {
  tests: readonly NecessityTest[];
  /** Chosen ICD-10-CM codes, with or without dots. */
  diagnoses: readonly string[];
  policies: readonly NcdPolicy[];
  priorServices: readonly PriorService[];
  /** The date of service (collection date), `YYYY-MM-DD`. */
  dateOfService: string;
}

/** One billed code of a test (one claim line). */
export interface LineNecessity {
  cpt: string;
  ncd: { id: string; title: string } | null;
  status: NecessityStatus;
  /** Why, in words for the user; null when supported or not governed. */
  reason: string | null;
  /** The chosen diagnoses that support this line (dotted), for the claim's pointers. */
  supporting: string[];
}

export interface TestNecessity {
  code: string;
  /** The most demanding status of the test's lines. */
  status: NecessityStatus;
  reason: string | null;
  lines: LineNecessity[];
  /** True when Medicare is expected to deny it and an ABN should be offered. */
  abnNeeded: boolean;
}

/** The NCDs that govern each CPT/HCPCS code. */
export function policiesByCode(policies: readonly NcdPolicy[]): Map<string, NcdPolicy[]> {
  const map = new Map<string, NcdPolicy[]>();
  for (const policy of policies) {
    for (const code of policy.codes) map.set(code, [...(map.get(code) ?? []), policy]);
  }
  return map;
}

function listText(codes: readonly string[]): string {
  return codes.map(formatIcd10cm).join(', ');
}

function timesText(count: number): string {
  return count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
}

/** `YYYY-MM-DD` minus whole months, the day clamped to the month's length. */
export function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = total - targetYear * 12 + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth, 2)}-${pad(Math.min(day, lastDay), 2)}`;
}

/** The earlier services a limit counts: dates after the window's start, up to the date of service. */
export function servicesWithin(limit: FrequencyLimit, policy: NcdPolicy, prior: readonly PriorService[], dateOfService: string): string[] {
  const codes = limit.codes.length > 0 ? limit.codes : policy.codes;
  const start = monthsBefore(dateOfService, limit.months);
  const day = dateOfService.slice(0, 10);
  return prior
    .map((service) => ({ date: service.date.slice(0, 10), codes: service.cpt_codes }))
    .filter((service) => service.date > start && service.date <= day && service.codes.some((code) => codes.includes(code)))
    .map((service) => service.date)
    .sort();
}

function checkLine(cpt: string, policy: NcdPolicy, diagnoses: readonly string[], input: NecessityInput): LineNecessity {
  const ncd = { id: policy.id, title: policy.title };
  const named = `NCD ${policy.id} (${policy.title})`;
  if (diagnoses.length === 0) {
    return { cpt, ncd, status: 'needs-diagnosis', reason: `Medicare pays for ${cpt} under ${named} only with a diagnosis that supports it: add a diagnosis code.`, supporting: [] };
  }
  const listed = new Set(policy.diagnoses);
  const never = new Set(policy.non_covered);
  const supporting = diagnoses.filter((code) =>
    policy.list_kind === 'covered' ? listed.has(code) && !never.has(code) : !listed.has(code) && !never.has(code),
  );
  if (supporting.length === 0) {
    if (diagnoses.every((code) => never.has(code))) {
      return {
        cpt,
        ncd,
        status: 'never-covered',
        reason: `Medicare never covers ${cpt} for ${listText(diagnoses)} under ${named}: the test is statutorily excluded (GY).`,
        supporting: [],
      };
    }
    const reason =
      policy.list_kind === 'covered'
        ? `No diagnosis given (${listText(diagnoses)}) is on the list of covered diagnoses of ${named}.`
        : `Every diagnosis given (${listText(diagnoses)}) is on the list of diagnoses that do not support medical necessity of ${named}.`;
    return { cpt, ncd, status: 'not-supported', reason, supporting: [] };
  }
  for (const limit of policy.frequency) {
    if (limit.codes.length > 0 && !limit.codes.includes(cpt)) continue;
    const dates = servicesWithin(limit, policy, input.priorServices, input.dateOfService);
    if (dates.length >= limit.max) {
      const months = limit.months === 1 ? 'a month' : `${limit.months} months`;
      return {
        cpt,
        ncd,
        status: 'frequency-exceeded',
        reason: `${named} covers ${cpt} at most ${timesText(limit.max)} in ${months}; it was done on ${dates.join(', ')}.`,
        supporting: supporting.map(formatIcd10cm),
      };
    }
  }
  return { cpt, ncd, status: 'supported', reason: null, supporting: supporting.map(formatIcd10cm) };
}

function mostDemanding<T extends { status: NecessityStatus }>(items: readonly T[]): T | undefined {
  return [...items].sort((a, b) => NECESSITY_SEVERITY.indexOf(a.status) - NECESSITY_SEVERITY.indexOf(b.status))[0];
}

/** Each test's medical necessity under the lab NCDs, in the order given. */
export function checkMedicalNecessity(input: NecessityInput): TestNecessity[] {
  const byCode = policiesByCode(input.policies);
  const diagnoses = [...new Set(input.diagnoses.map(normalizeIcd10cm).filter((code) => code !== ''))];
  return input.tests.map((test) => {
    const lines: LineNecessity[] = test.cpt_codes.map((cpt) => {
      const governing = byCode.get(cpt) ?? [];
      if (governing.length === 0) return { cpt, ncd: null, status: 'not-governed', reason: null, supporting: [] };
      return mostDemanding(governing.map((policy) => checkLine(cpt, policy, diagnoses, input)))!;
    });
    const worst = mostDemanding(lines);
    const status = worst?.status ?? 'not-governed';
    return { code: test.code, status, reason: worst?.reason ?? null, lines, abnNeeded: status === 'not-supported' || status === 'frequency-exceeded' };
  });
}

// ---------------------------------------------------------------------------------------
// The Advance Beneficiary Notice (CMS-R-131) and the claim modifier that follows from it.

/** 1: do the test, bill Medicare; 2: do it, do not bill Medicare; 3: do not do it. */
export type AbnOption = 1 | 2 | 3;

/**
 * The patient's ABN: the option chosen, and whether they signed or refused to sign (a
 * refusal is annotated on the notice, which was still given). null: no ABN was obtained.
 */
export type AbnChoice = { option: AbnOption; signature: 'signed' | 'refused' } | null;

export type ClaimModifier = 'GA' | 'GZ' | 'GY';

export interface AbnOutcome {
  modifier: ClaimModifier | null;
  /** False when the patient chose option 3: the test is not sent. */
  perform: boolean;
  /** False for option 2 (and 3): the test is not billed to Medicare. */
  billMedicare: boolean;
}

/**
 * What a line carries given its status and the ABN: GA when an ABN was given for a test
 * Medicare may deny (GA means "waiver of liability statement issued as required by payer
 * policy"), GZ when Medicare may deny it and no ABN was obtained, GY when Medicare never
 * covers it (no ABN is required for that). Option 3 means the test is not done.
 */
export function abnOutcome(status: NecessityStatus, abn: AbnChoice): AbnOutcome {
  if (abn?.option === 3) return { modifier: null, perform: false, billMedicare: false };
  const billMedicare = abn?.option !== 2;
  switch (status) {
    case 'supported':
    case 'not-governed':
      return { modifier: null, perform: true, billMedicare };
    case 'never-covered':
      return { modifier: 'GY', perform: true, billMedicare };
    case 'needs-diagnosis':
    case 'not-supported':
    case 'frequency-exceeded':
      return { modifier: abn ? 'GA' : 'GZ', perform: true, billMedicare };
  }
}

/** The modifier of each line of a test (its billed codes), given the test's ABN. */
export function lineModifiers(test: TestNecessity, abn: AbnChoice): Array<{ cpt: string; modifier: ClaimModifier | null }> {
  return test.lines.map((line) => ({ cpt: line.cpt, modifier: abnOutcome(line.status, abn).modifier }));
}
