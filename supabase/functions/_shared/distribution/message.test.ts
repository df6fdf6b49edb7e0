import { describe, expect, it } from 'vitest';
import type { StoredObservation } from '../results/result-rows.ts';
import { emailBodies, reportDocument, type DistributedResult } from './message.ts';

const obs = (code: string, text: string, value: string, flags: string[], range = '70-99'): StoredObservation => ({
  set_id: 1, code, system: 'LN', text, value_type: 'NM', value, numeric_value: Number(value), units: 'mg/dL', reference_range: range, flags, status: 'F', observed_at: null, comments: ['Repeat'],
});

const result: DistributedResult = {
  requisitionNumber: 'R-ABC-0001', testCode: 'CMP', testName: 'Metabolic panel', status: 'final', patientName: 'Doe, Jane (born 1950-01-02)',
  providerName: 'Ann Lee, MD', collectedAt: null, resultedAt: null,
  observations: [obs('2345-7', 'Glucose', '450', ['HH']), obs('2823-3', 'Potassium', '4.1', []), obs('17861-6', 'Calcium', '8.0', ['L'])],
};

describe('reportDocument', () => {
  it('summary: the abnormal observations in full, the normal ones counted', () => {
    const doc = reportDocument(result, 'summary', 'result');
    expect(doc.subject).toBe('Result: Metabolic panel for requisition R-ABC-0001');
    expect(doc.lines).toContain('Glucose (2345-7): 450 mg/dL; range 70-99; flag HH CRITICAL');
    expect(doc.lines).toContain('Calcium (17861-6): 8.0 mg/dL; range 70-99; flag L');
    expect(doc.lines.some((l) => l.startsWith('Potassium'))).toBe(false);
    expect(doc.lines).toContain('1 other result within the reference range');
    expect(doc.lines.some((l) => l.startsWith('Comment'))).toBe(false);
  });

  it('comprehensive_plus: every observation with its status, and the comments', () => {
    const doc = reportDocument(result, 'comprehensive_plus', 'result');
    expect(doc.lines).toContain('Potassium (2823-3): 4.1 mg/dL; range 70-99; status F');
    expect(doc.lines).toContain('Comment (2823-3): Repeat');
  });

  it('a critical notice leads with the critical values, an escalation says its round', () => {
    const critical = reportDocument(result, 'comprehensive', 'critical');
    expect(critical.subject).toBe('CRITICAL VALUE: Metabolic panel for requisition R-ABC-0001');
    expect(critical.lines.slice(critical.lines.indexOf('Critical values:'), critical.lines.indexOf('Critical values:') + 3)).toEqual([
      'Critical values:', 'Glucose (2345-7): 450 mg/dL; range 70-99; flag HH CRITICAL; status F', 'Acknowledge this critical value in LabLink (Results).',
    ]);
    expect(reportDocument(result, 'comprehensive', 'escalation', 2).subject).toBe('ESCALATION 2: critical value not yet acknowledged: Metabolic panel for requisition R-ABC-0001');
  });

  it('escapes the HTML body', () => {
    const html = emailBodies({ subject: 's', title: 'A <b>', lines: ['x & y'] }).html;
    expect(html).toBe('<h1>A &lt;b&gt;</h1>\n<p>x &amp; y</p>');
  });
});
