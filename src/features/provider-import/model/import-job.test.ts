import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../../../lib/provider-import/import-rows.ts';
import { creationProgress, IMPORT_TEXTS, jobCounts, newJob, nextToCreate, nextToLookUp, replaceRow, reportCsv, withLookup, withPhase, type ImportJob } from './import-job.ts';

const row = (line: number, npi: string, problems: string[] = []): ImportRow => ({ line, npi, account_number: null, email: null, phone: null, organization_id: null, problems });
let counter = 0;
const newId = () => `id-${(counter += 1)}`;
const verified = (npi: string, extra: Record<string, unknown> = {}) => ({ kind: 'verified' as const, result: { npi, nppes_data: { number: npi }, legal_name: `Dr ${npi}`, enumeration_type: 'NPI-1', validation_errors: [], ...extra } });

function lookedUp(): ImportJob {
  let job = newJob('list.csv', [row(2, '1234567893'), row(3, '1234567890', ['bad digit']), row(4, '1047123405')], newId, '2026-11-26T00:00:00Z');
  for (const line of [2, 4]) {
    const target = job.rows.find((entry) => entry.line === line)!;
    job = replaceRow(job, withLookup(target, verified(target.npi)));
  }
  return job;
}

describe('the import job', () => {
  it('starts with rows that have problems rejected and the others waiting for NPPES, each with its own ids', () => {
    const job = newJob('list.csv', [row(2, '1234567893'), row(3, '1234567890', ['bad digit'])], newId, 'now');
    expect(job.phase).toBe('lookup');
    expect(job.rows.map((entry) => entry.status)).toEqual(['pending', 'rejected']);
    expect(new Set(job.rows.flatMap((entry) => Object.values(entry.ids))).size).toBe(6);
    expect(nextToLookUp(job)?.line).toBe(2);
  });

  it('goes to the preview once every row is answered, and a file of only bad rows starts there', () => {
    expect(lookedUp().phase).toBe('preview');
    expect(jobCounts(lookedUp())).toMatchObject({ ready: 2, rejected: 1, pending: 0 });
    expect(newJob('bad.csv', [row(2, '1', ['bad'])], newId, 'now').phase).toBe('preview');
  });

  it('rejects a row NPPES refuses, flags or knows as an organization, with the reason', () => {
    const first = newJob('l.csv', [row(2, '1234567893')], newId, 'now').rows[0]!;
    expect(withLookup(first, { kind: 'refused', message: 'NPI not found' })).toMatchObject({ status: 'rejected', problems: ['NPPES lookup failed: NPI not found'] });
    expect(withLookup(first, verified(first.npi, { validation_errors: ['NPI is deactivated'] }))).toMatchObject({ status: 'rejected', problems: ['NPPES reports: NPI is deactivated'] });
    expect(withLookup(first, verified(first.npi, { enumeration_type: 'NPI-2' }))).toMatchObject({ status: 'rejected', problems: [IMPORT_TEXTS.notIndividual] });
    expect(withLookup(first, verified(first.npi))).toMatchObject({ status: 'ready', legal_name: 'Dr 1234567893' });
  });

  it('creates only while importing: pause stops, resume goes on, and the last row finishes it', () => {
    let job = lookedUp();
    expect(nextToCreate(job)).toBeNull();
    job = withPhase(job, 'importing');
    const first = nextToCreate(job)!;
    job = replaceRow(job, { ...first, status: 'created' });
    expect(creationProgress(job)).toEqual({ done: 1, of: 2 });
    job = withPhase(job, 'paused');
    expect(nextToCreate(job)).toBeNull();
    job = withPhase(job, 'importing');
    job = replaceRow(job, { ...nextToCreate(job)!, status: 'failed', message: 'A provider with this NPI already exists in the system.' });
    expect(job.phase).toBe('done');
    expect(creationProgress(job)).toEqual({ done: 2, of: 2 });
    expect(withPhase(newJob('bad.csv', [row(2, '1', ['bad'])], newId, 'now'), 'importing').phase).toBe('done');
  });

  it('reports every line with its result and problems', () => {
    let job = withPhase(lookedUp(), 'importing');
    job = replaceRow(job, { ...nextToCreate(job)!, status: 'created' });
    const lines = reportCsv(job).split('\r\n');
    expect(lines[0]).toBe('line,npi,name,result,provider_id,problems');
    expect(lines[1]).toBe(`2,1234567893,Dr 1234567893,created,${job.rows[0]!.ids.provider},`);
    expect(lines[2]).toBe('3,1234567890,,skipped,,bad digit');
    expect(lines[3]).toBe('4,1047123405,Dr 1047123405,not imported,,');
  });
});
