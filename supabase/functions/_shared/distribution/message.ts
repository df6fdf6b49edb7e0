// What a distributed result says, in the provider's report format (the same rules as the
// in-app report, _shared/results/report-format.ts): the email's subject, plain text and
// HTML, and the lines of the faxed PDF. A critical-value notice leads with the critical
// observations and asks for acknowledgement in the app. Pure: the job (result-distribute)
// sends what these build.
import { reportView, type ReportFormat, type ReportView } from '../results/report-format.ts';
import type { StoredObservation } from '../results/result-rows.ts';
import type { Purpose } from './plan.ts';

export interface DistributedResult {
  requisitionNumber: string;
  testCode: string;
  testName: string;
  status: string;
  patientName: string;
  providerName: string;
  collectedAt: string | null;
  resultedAt: string | null;
  observations: readonly StoredObservation[];
}

export interface ReportDocument {
  subject: string;
  /** Title then lines: the email's text and the fax's page. */
  title: string;
  lines: string[];
}

const FORMAT_NAMES: Record<ReportFormat, string> = {
  summary: 'Summary',
  comprehensive: 'Comprehensive',
  summary_plus: 'Summary plus',
  comprehensive_plus: 'Comprehensive plus',
};

function observationLine(view: ReportView, l: ReportView['lines'][number]): string {
  const value = [l.value, l.units].filter(Boolean).join(' ');
  const parts = [`${l.name} (${l.code}): ${value || '-'}`];
  if (l.range) parts.push(`range ${l.range}`);
  if (l.flags.length) parts.push(`flag ${l.flags.join(' ')}${l.critical ? ' CRITICAL' : ''}`);
  if (view.showStatus) parts.push(`status ${l.status}`);
  if (view.showPrevious && l.previous) parts.push(`previous ${l.previous.value} (${l.previous.at.slice(0, 10)})`);
  return parts.join('; ');
}

export function reportDocument(result: DistributedResult, format: ReportFormat, purpose: Purpose, round = 0): ReportDocument {
  const view = reportView(format, result.observations);
  const critical = purpose !== 'result';
  const prefix = purpose === 'escalation' ? `ESCALATION ${round}: critical value not yet acknowledged` : critical ? 'CRITICAL VALUE' : 'Result';
  const subject = `${prefix}: ${result.testName || result.testCode} for requisition ${result.requisitionNumber}`;
  const criticalLines = critical
    ? reportView('comprehensive', result.observations).lines.filter((l) => l.critical).map((l) => observationLine(view, l))
    : [];
  const lines = [
    `Patient: ${result.patientName}`,
    `Ordering provider: ${result.providerName}`,
    `Requisition: ${result.requisitionNumber}`,
    `Test: ${result.testName || result.testCode} (${result.testCode}), ${result.status}`,
    ...(result.collectedAt ? [`Collected: ${result.collectedAt}`] : []),
    ...(result.resultedAt ? [`Resulted: ${result.resultedAt}`] : []),
    `Report format: ${FORMAT_NAMES[format]}`,
    '',
    ...(critical ? ['Critical values:', ...criticalLines, 'Acknowledge this critical value in LabLink (Results).', ''] : []),
    ...view.lines.map((l) => observationLine(view, l)),
    ...view.lines.flatMap((l) => (view.showComments ? l.comments.map((c) => `Comment (${l.code}): ${c}`) : [])),
    ...(view.normalCount > 0 ? [`${view.normalCount} other result${view.normalCount === 1 ? '' : 's'} within the reference range`] : []),
  ];
  return { subject, title: subject, lines };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export function emailBodies(doc: ReportDocument): { text: string; html: string } {
  return {
    text: [doc.title, '', ...doc.lines].join('\n'),
    html: `<h1>${escapeHtml(doc.title)}</h1>\n${doc.lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n')}`,
  };
}
