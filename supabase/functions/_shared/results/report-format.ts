// What a result report contains in each of the four formats a provider chooses in their
// result distribution preferences (provider_preferences.report_format). The same rules render
// the in-app report and the emailed/faxed one, so a provider reads the same thing everywhere.
//
// - summary: the abnormal and critical observations in full (value, units, range, flag);
//   the normal ones are only counted ("4 other results within the reference range").
// - comprehensive: every observation in full, with its status and the time it was observed.
// - summary_plus: summary, plus each shown observation's previous value for the patient
//   (value and date) and the laboratory's comments.
// - comprehensive_plus: comprehensive, plus previous values, comments and the laboratory's
//   own report attached to the email or fax (the PDF, when it sent one). In the app the
//   laboratory's report opens from every result whatever the format.
import { isCriticalFlag } from '../hl7/result-types.ts';
import { isAbnormalFlag, type StoredObservation } from './result-rows.ts';

export const REPORT_FORMATS = ['summary', 'comprehensive', 'summary_plus', 'comprehensive_plus'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface PreviousValue {
  value: string;
  at: string;
}

export interface ReportLine {
  code: string;
  name: string;
  value: string;
  units: string;
  range: string;
  flags: string[];
  abnormal: boolean;
  critical: boolean;
  status: string;
  observedAt: string | null;
  comments: string[];
  previous: PreviousValue | null;
}

export interface ReportView {
  format: ReportFormat;
  lines: ReportLine[];
  /** Normal observations left out (summary formats). */
  normalCount: number;
  /** Columns and parts shown. */
  showStatus: boolean;
  showPrevious: boolean;
  showComments: boolean;
  showReport: boolean;
}

export function reportFormatOf(value: string | null | undefined): ReportFormat {
  return (REPORT_FORMATS as readonly string[]).includes(value ?? '') ? (value as ReportFormat) : 'summary';
}

function line(obs: StoredObservation, previous: PreviousValue | null, withComments: boolean): ReportLine {
  return {
    code: obs.code,
    name: obs.text || obs.code,
    value: obs.value ?? '',
    units: obs.units ?? '',
    range: obs.reference_range ?? '',
    flags: obs.flags,
    abnormal: obs.flags.some(isAbnormalFlag),
    critical: obs.flags.some(isCriticalFlag),
    status: obs.status,
    observedAt: obs.observed_at,
    comments: withComments ? obs.comments : [],
    previous,
  };
}

/** The report of one result's observations in a format; `previous` maps an observation code to its last earlier value. */
export function reportView(format: ReportFormat, observations: readonly StoredObservation[], previous: ReadonlyMap<string, PreviousValue> = new Map()): ReportView {
  const comprehensive = format === 'comprehensive' || format === 'comprehensive_plus';
  const plus = format === 'summary_plus' || format === 'comprehensive_plus';
  const all = observations.map((obs) => line(obs, plus ? (previous.get(obs.code) ?? null) : null, plus));
  const lines = comprehensive ? all : all.filter((l) => l.abnormal);
  return {
    format,
    lines,
    normalCount: all.length - lines.length,
    showStatus: comprehensive,
    showPrevious: plus,
    showComments: plus,
    showReport: format === 'comprehensive_plus',
  };
}
