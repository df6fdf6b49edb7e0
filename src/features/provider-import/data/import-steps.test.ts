/**
 * A row's creation against a real local database (RxDB on fake-indexeddb): the provider,
 * its membership and preferences with the ids the job chose when the file was read; and a
 * row created but not yet recorded as such (the job is saved in batches, so a crash or a
 * reload can come between) is recognised by its provider id and never created twice.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDatabase, type LocalDatabase } from '../../../db/database.ts';
import { sampleNppesData, SAMPLE_NPI } from '../../../lib/provider/nppes-sample.ts';
import { newJob, withLookup, withPhase, type ImportJob } from '../model/import-job.ts';
import { createRow } from './import-steps.ts';

const ORG = '22222222-2222-4222-8222-222222222222';
const STAFF = '44444444-4444-4444-8444-444444444444';
let db: LocalDatabase;
let counter = 0;
const newId = () => `99999999-9999-4999-8999-${String((counter += 1)).padStart(12, '0')}`;

function readyJob(): ImportJob {
  const job = newJob('list.csv', [{ line: 2, npi: SAMPLE_NPI, account_number: null, email: null, phone: null, organization_id: ORG, problems: [] }], newId, '2026-11-26T00:00:00Z');
  const row = withLookup(job.rows[0]!, { kind: 'verified', result: { npi: SAMPLE_NPI, nppes_data: sampleNppesData(), enumeration_type: 'NPI-1', validation_errors: [] } });
  return withPhase({ ...job, rows: [row] }, 'importing');
}

beforeAll(async () => {
  db = await openLocalDatabase('provider-import-steps', { storage: getRxStorageDexie({ indexedDB, IDBKeyRange }), devMode: true, multiInstance: false });
});
afterAll(async () => {
  await db.remove();
});

describe('creating an import row', () => {
  it('writes the provider, membership and preferences with the ids chosen when the file was read', async () => {
    const job = readyJob();
    const row = job.rows[0]!;
    expect(row.status).toBe('ready');
    expect(await createRow(db, job, row, STAFF)).toMatchObject({ status: 'created', message: null });
    expect((await db.providers.findOne(row.ids.provider).exec())?.npi).toBe(SAMPLE_NPI);
    expect((await db.memberships.findOne(row.ids.membership).exec())?.toJSON()).toMatchObject({ provider_id: row.ids.provider, organization_id: ORG });
    expect((await db.preferences.findOne(row.ids.preferences).exec())?.provider_id).toBe(row.ids.provider);

    // The job as last saved still says "ready" (a crash before the next save): the row is
    // recognised as created, and nothing is written twice.
    expect(await createRow(db, job, row, STAFF)).toMatchObject({ status: 'created' });
    expect(await db.providers.find({ selector: { npi: SAMPLE_NPI } }).exec()).toHaveLength(1);
    expect(await db.memberships.find({ selector: { provider_id: row.ids.provider } }).exec()).toHaveLength(1);
  });
});
