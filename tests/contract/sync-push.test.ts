/**
 * The replication push (public.sync_push) through the API, as the app's replication
 * handler calls it: inserts and updates against the client's assumed master state,
 * conflicts answered with the current master row, per-row rejections that leave the rest
 * of the batch applied, exact round-trips of jsonb and text[] values, and a full batch.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, staffUser, type TestUser } from '../helpers/clients.ts';
import { expectRefused, organizationRow, providerRow, randomNpi, type Row } from './directory-helpers.ts';

interface PushResult {
  conflicts: Row[];
  rejected: Array<{ id: string; code: string; message: string; master: Row | null }>;
}

let staff: TestUser;

beforeAll(async () => {
  staff = await staffUser('sync-push');
});

async function push(table: string, rows: Array<{ new: Row; assumed: Row | null }>): Promise<PushResult> {
  const { data, error } = await staff.client.rpc('sync_push', { p_table: table, p_rows: rows });
  if (error) throw new Error(`sync_push failed: ${error.code} ${error.message}`);
  return data as PushResult;
}

async function current(table: string, id: unknown): Promise<Row> {
  const { data, error } = await staff.client.from(table).select('*').eq('id', id).single();
  if (error) throw new Error(`select ${table} failed: ${error.code} ${error.message}`);
  return data as Row;
}

describe('sync_push', () => {
  it('inserts a new row, then updates it against the right assumed state', async () => {
    const org = organizationRow({ type: 'sole_proprietor' });
    expect(await push('organizations', [{ new: org, assumed: null }])).toEqual({ conflicts: [], rejected: [] });
    const inserted = await current('organizations', org.id);
    expect(inserted).toMatchObject({ ...org, is_active: true, _deleted: false });

    const edited = { ...inserted, legal_name: 'Renamed Practice', is_active: false };
    expect(await push('organizations', [{ new: edited, assumed: inserted }])).toEqual({ conflicts: [], rejected: [] });
    const updated = await current('organizations', org.id);
    expect(updated).toMatchObject({ legal_name: 'Renamed Practice', is_active: false, created_at: inserted.created_at });
    // The server owns _modified: it moved on, whatever the client sent.
    expect(updated._modified).not.toBe(inserted._modified);
  });

  it('answers a conflict with the master row when the assumed state is stale', async () => {
    const provider = providerRow();
    await push('providers', [{ new: provider, assumed: null }]);
    const seen = await current('providers', provider.id);
    await push('providers', [{ new: { ...seen, first_name: 'First' }, assumed: seen }]);
    const master = await current('providers', provider.id);

    const result = await push('providers', [{ new: { ...seen, last_name: 'Stale' }, assumed: seen }]);
    expect(result.rejected).toEqual([]);
    expect(result.conflicts).toEqual([master]);
    expect(await current('providers', provider.id)).toEqual(master);
  });

  it('answers a conflict when a row with that id already exists and the client assumed none', async () => {
    const org = organizationRow();
    await push('organizations', [{ new: org, assumed: null }]);
    const master = await current('organizations', org.id);
    const result = await push('organizations', [{ new: { ...org, legal_name: 'Other' }, assumed: null }]);
    expect(result).toEqual({ conflicts: [master], rejected: [] });
  });

  it('answers a conflict, not a refusal, for a row the caller may read but not update, sent as new', async () => {
    // A browser that lost its record of having downloaded another user's profile sends it
    // again as new: it gets the master row to compare with, and nothing is written.
    const other = await staffUser('sync-push-other');
    const master = await current('profiles', other.id);
    const result = await push('profiles', [{ new: { ...master }, assumed: null }]);
    expect(result).toEqual({ conflicts: [master], rejected: [] });
    // An actual change to it is still refused, with the master row to reset to.
    const edit = await push('profiles', [{ new: { ...master, first_name: 'Changed' }, assumed: master }]);
    expect(edit.conflicts).toEqual([]);
    expect(edit.rejected).toEqual([{ id: other.id, code: '42501', message: expect.stringContaining('permission denied'), master }]);
    expect(await current('profiles', other.id)).toEqual(master);
  });

  it('rejects rows that break a constraint and still applies the rest of the batch', async () => {
    const existing = providerRow();
    await push('providers', [{ new: existing, assumed: null }]);
    const duplicate = providerRow({ npi: existing.npi });
    const fine = providerRow();
    const result = await push('providers', [
      { new: duplicate, assumed: null },
      { new: fine, assumed: null },
    ]);
    expect(result.conflicts).toEqual([]);
    expect(result.rejected).toEqual([
      {
        id: duplicate.id,
        code: '23505',
        message: 'duplicate key value violates unique constraint "providers_npi_unique"',
        master: null,
      },
    ]);
    expect(await current('providers', fine.id)).toMatchObject(fine);

    const delegate = await staffUser('sync-delegate');
    const good = { id: randomUUID(), provider_id: fine.id, delegate_id: delegate.id, approval_type: 'results' };
    const bad = { id: randomUUID(), provider_id: fine.id, delegate_id: staff.id, approval_type: 'everything' };
    const approvals = await push('provider_delegate_approvals', [
      { new: bad, assumed: null },
      { new: good, assumed: null },
    ]);
    expect(approvals.rejected).toEqual([
      {
        id: bad.id,
        code: '23514',
        message: 'new row for relation "provider_delegate_approvals" violates check constraint "provider_delegate_approvals_approval_type_check"',
        master: null,
      },
    ]);
    expect(await current('provider_delegate_approvals', good.id)).toMatchObject(good);
  });

  it('rejects an update of a row that does not exist', async () => {
    const ghost = organizationRow();
    const result = await push('organizations', [{ new: ghost, assumed: { ...ghost, _modified: '2026-01-01T00:00:00+00:00' } }]);
    expect(result.rejected).toEqual([
      { id: ghost.id, code: 'P0002', message: `row ${ghost.id} of table organizations does not exist or is not visible`, master: null },
    ]);
  });

  it('round-trips nested jsonb and text[] values exactly', async () => {
    const npi = randomNpi();
    const nppes = {
      result_count: 1,
      results: [
        {
          number: npi,
          basic: { first_name: 'JANE', last_name: "O'NEIL-ÅSTRÖM", credential: 'M.D.', name_suffix: '--' },
          addresses: [{ address_purpose: 'LOCATION', postal_code: '122071234', fax_number: null }],
          taxonomies: [
            { code: '207Q00000X', primary: true, license: '123456', state: 'NY' },
            { code: '207R00000X', primary: false, license: null, state: '' },
          ],
          endpoints: [],
          score: 1.25,
          nested: { deeper: { list: [1, 'two', [3], { four: true }] } },
        },
      ],
      last_updated_date: '2026-11-01T11:15:00.000Z',
    };
    // Registry data is accepted only as verify-npi recorded it (migration 20261125100001).
    const provider = providerRow({ npi, nppes_data: nppes, pecos_verification_data: { rows: [], note: 'a "quoted" \\ value' } });
    expect((await serviceClient().from('nppes_lookups').insert({ npi, nppes_data: nppes })).error).toBeNull();
    await push('providers', [{ new: provider, assumed: null }]);
    const stored = await current('providers', provider.id);
    expect(stored.nppes_data).toEqual(nppes);
    expect(stored.nppes_verified).toBe(true);
    // PECOS evidence is verify-pecos's to write: a client's is not stored.
    expect(stored.pecos_verification_data).toBeNull();

    const emails = ['results@clinic.test', 'a,b@x.test', 'quote"s@x.test', '{braces}@x.test', 'space y@x.test'];
    const preferences = { id: randomUUID(), provider_id: provider.id, favorite_reports: emails, report_format: 'summary_plus' };
    await push('provider_preferences', [{ new: preferences, assumed: null }]);
    const seen = await current('provider_preferences', preferences.id);
    expect(seen.favorite_reports).toEqual(emails);

    // A conflict returns the master with the same exact values.
    const result = await push('provider_preferences', [{ new: { ...seen, favorite_reports: [] }, assumed: { ...seen, _modified: '2000-01-01T00:00:00+00:00' } }]);
    expect(result.conflicts).toEqual([seen]);
  });

  it('applies a 500-row batch', async () => {
    const org = organizationRow();
    await push('organizations', [{ new: org, assumed: null }]);
    const rows = Array.from({ length: 500 }, (_, index) =>
      providerRow({
        default_organization_id: org.id,
        first_name: `Batch${index}`,
        nppes_data: { result_count: 1, results: [{ taxonomies: [{ code: '207Q00000X', desc: 'Family Medicine', primary: true, state: 'NY', license: `L${index}` }] }] },
      }),
    );
    const result = await push('providers', rows.map((row) => ({ new: row, assumed: null })));
    expect(result).toEqual({ conflicts: [], rejected: [] });
    const { count, error } = await staff.client
      .from('providers')
      .select('id', { count: 'exact', head: true })
      .eq('default_organization_id', org.id);
    expect(error).toBeNull();
    expect(count).toBe(500);
  });

  it('refuses a table that is not synced (22023)', async () => {
    const answer = await staff.client.rpc('sync_push', { p_table: 'audit_log', p_rows: [] });
    expectRefused(answer, 400, '22023');
    expect(answer.error?.message).toBe('sync_push: "audit_log" is not a synced table');
  });
});
