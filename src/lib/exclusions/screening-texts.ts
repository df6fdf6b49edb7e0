/**
 * How the OIG exclusion screening (issue 33) of a provider or an organization reads to
 * staff: the status names and tones, the line that says when and against which list it was
 * screened, and the alert decision texts. Shared by the provider and organization pages,
 * the lists' badges and the alert lists.
 */
import { matchesOf } from './order-exclusion.ts';
import { formatListDate } from '../format/date.ts';

export type ScreeningStatus = 'clear' | 'possible' | 'excluded';
/** What was screened, as the texts name it. */
export type ScreenedKind = 'provider' | 'organization';

export const SCREENING_STATUS_LABELS: Readonly<Record<ScreeningStatus | 'never', string>> = {
  never: 'Not screened yet',
  clear: 'Not on the OIG exclusion list',
  possible: 'Possible match to review',
  excluded: 'Excluded (OIG LEIE)',
};

export function screeningStatus(value: string | null | undefined): ScreeningStatus | 'never' {
  return value === 'clear' || value === 'possible' || value === 'excluded' ? value : 'never';
}

export function screeningTone(status: ScreeningStatus | 'never'): 'gray' | 'green' | 'orange' | 'red' {
  return status === 'excluded' ? 'red' : status === 'possible' ? 'orange' : status === 'clear' ? 'green' : 'gray';
}

/** The day of a screening or of the list: a calendar day (the list's date is UTC midnight). */
function day(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}(T00:00:00(\.0+)?(Z|\+00(:00)?))?$/.test(iso) ? formatListDate(iso.slice(0, 10)) : formatListDate(iso);
}

/** "Screened Nov 26, 2026 against the OIG list of Nov 1, 2026." */
export function screenedLine(screenedAt: string | null | undefined, listDate: string | null | undefined, kind: ScreenedKind = 'provider'): string {
  if (!screenedAt) return `This ${kind} has not been screened against the OIG exclusion list yet.`;
  return `Screened ${day(screenedAt)} against the OIG list of ${listDate ? day(listDate) : 'an unknown date'}.`;
}

export const EXCLUSION_TEXTS = {
  screenNow: 'Screen now',
  screened: 'Screening done',
  screenFailed: 'Screening failed',
  confirm: 'Confirm exclusion',
  reasonHelp: 'For example: another date of birth, another state or license. Kept with the decision.',
  confirmed: 'Exclusion confirmed',
  dismissed: 'Possible match dismissed',
  decisionFailed: 'The decision could not be saved',
} as const;

/** The decision's words that name what was matched: the provider's are EXCLUSION_TEXTS'. */
export function decisionTexts(kind: ScreenedKind): { dismiss: string; reasonLabel: string; reasonTooShort: string; flagged: string; unflagged: string } {
  return {
    dismiss: `Not this ${kind}`,
    reasonLabel: `Why is this not the ${kind}?`,
    reasonTooShort: `Give the reason this is not the ${kind} (3 to 500 characters).`,
    flagged: `The ${kind} is flagged as excluded.`,
    unflagged: `The ${kind} is no longer flagged for this match.`,
  };
}

interface MatchFacts {
  basis?: string;
  status?: string;
  name?: string;
  state?: string;
  excl_type?: string;
  excl_date?: string | null;
}

/** The standing matches a screened row keeps (exclusion_data.matches). */
export function standingMatches(data: unknown): MatchFacts[] {
  return matchesOf(data) as MatchFacts[];
}

/** "By NPI: SMITH, JOHN (NY), excluded, 1128b7, excluded 2024-01-15." */
export function matchLine(match: MatchFacts): string {
  const how = match.basis === 'npi' ? 'By NPI' : 'By name and state';
  const what = match.status === 'confirmed' ? 'excluded' : 'possible match';
  return `${how}: ${match.name ?? 'unnamed entry'}${match.state ? ` (${match.state})` : ''}, ${what}, ${match.excl_type || 'type not given'}, excluded ${match.excl_date ?? 'on a date not given'}.`;
}
