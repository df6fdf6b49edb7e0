import { describe, expect, it } from 'vitest';
import { otherDisagreements, outOfDateText, verdictChanges, type VerdictOrder } from './server-verdict.ts';

const tests: VerdictOrder['tests'] = [
  { code: 'HBA1C', name: 'Hemoglobin A1c', modifiers: [{ cpt: '83036', modifier: null }] },
  { code: 'LIPID', name: 'Lipid panel', modifiers: [{ cpt: '80061', modifier: 'GA' }] },
  { code: 'PSA', name: 'PSA', modifiers: [], declined: true },
];
const abn = { option: 1, signature: 'signed', tests: ['LIPID'] };

describe('verdictChanges', () => {
  it('says nothing before the server’s verdict, or when it agrees', () => {
    expect(verdictChanges({ tests, abn, server_check: null })).toEqual({ changes: [], outOfDate: [] });
    const agrees = { medicare: true, tests: [{ code: 'HBA1C', status: 'supported', modifier: null }, { code: 'LIPID', status: 'not-supported', modifier: 'GA' }] };
    expect(verdictChanges({ tests, abn, server_check: agrees })).toEqual({ changes: [], outOfDate: [] });
  });

  it('names each test whose modifier changed and the requisition and ABN that printed the device’s', () => {
    const server = { medicare: true, tests: [{ code: 'HBA1C', status: 'not-supported', modifier: 'GZ' }, { code: 'LIPID', status: 'supported', modifier: null }] };
    const verdict = verdictChanges({ tests, abn, server_check: server });
    expect(verdict.changes).toEqual([
      'Hemoglobin A1c (HBA1C): the laboratory received modifier GZ (no ABN obtained: Medicare is expected to deny it); this device had set no modifier (Medicare is expected to pay).',
      'Lipid panel (LIPID): the laboratory received no modifier (Medicare is expected to pay); this device had set modifier GA (a signed ABN is on file).',
      'The laboratory found no test that needs the patient’s ABN.',
    ]);
    expect(verdict.outOfDate).toEqual(['requisition', 'abn']);
    expect(outOfDateText(verdict.outOfDate)).toBe('Out of date: the printed requisition and ABN, made from this device’s check. Print them again: they now show what the laboratory received.');
  });

  it('puts only the requisition out of date when no ABN was printed, and says what the provider check found, in words', () => {
    const server = { medicare: true, eligibility: { status: 'needs-check', reason: 'The last PECOS check was 45 days before the order.' }, tests: [{ code: 'HBA1C', status: 'not-supported', modifier: 'GZ' }] };
    const verdict = verdictChanges({ tests: tests.slice(0, 1), abn: null, server_check: server, medicare_check: { eligibility: { status: 'eligible' } } });
    expect(verdict.outOfDate).toEqual(['requisition']);
    expect(verdict.changes.at(-1)).toBe('The laboratory’s check of the ordering provider: PECOS and Part B: check due (The last PECOS check was 45 days before the order.).');
    expect(verdict.changes.join(' ')).not.toMatch(/needs-check|not-supported/);
    expect(outOfDateText(verdict.outOfDate)).toBe('Out of date: the printed requisition, made from this device’s check. Print it again: it now shows what the laboratory received.');
  });

  it('leaves to the server’s own list only the differences the sentences do not say', () => {
    expect(otherDisagreements({ disagreements: [
      'LIPID: required order questions are not answered (HOURS).',
      'LIPID: the device found “Supported”, the server “Not supported”.',
      'LIPID: the device set modifier none, the server GZ.',
      'Medicare is billed but the ordering provider is due a PECOS and Part B check: stale.',
    ] })).toEqual(['LIPID: required order questions are not answered (HOURS).']);
  });
});
