/**
 * How a provider's OIG exclusion screening (issue 33) reads to staff: the status names and
 * tones, the line that says when and against which list it was screened, and the alert
 * decision texts. Shared by the provider page and the alert lists.
 */
export type ScreeningStatus = 'clear' | 'possible' | 'excluded';

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

function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/** "Screened Nov 26, 2026 against the OIG list of Nov 1, 2026." */
export function screenedLine(screenedAt: string | null | undefined, listDate: string | null | undefined): string {
  if (!screenedAt) return 'This provider has not been screened against the OIG exclusion list yet.';
  return `Screened ${day(screenedAt)} against the OIG list of ${listDate ? day(listDate) : 'an unknown date'}.`;
}

export const EXCLUSION_TEXTS = {
  screenNow: 'Screen now',
  screened: 'Screening done',
  screenFailed: 'Screening failed',
  confirm: 'Confirm exclusion',
  dismiss: 'Not this provider',
  reasonLabel: 'Why is this not the provider?',
  reasonHelp: 'For example: another date of birth, another state or license. Kept with the decision.',
  reasonTooShort: 'Give the reason this is not the provider (3 to 500 characters).',
  confirmed: 'Exclusion confirmed',
  dismissed: 'Possible match dismissed',
  decisionFailed: 'The decision could not be saved',
} as const;
