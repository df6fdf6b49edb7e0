/**
 * Data API contract, writes: insert, upsert, update and delete with and without a
 * representation, Prefer options, constraint errors and exact round trips of jsonb,
 * text[] and timestamps, through the real supabase-js client.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../helpers/clients.ts';
import { expectOk, expectRefused, organizationRow, providerRow, seedOne } from './directory-helpers.ts';

const svc = serviceClient();
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?\+00:00$/;

describe('insert', () => {
  it('answers 201 with no body without a select, and the stored row with one', async () => {
    const bare = await svc.from('organizations').insert(organizationRow());
    expect([bare.status, bare.data, bare.error]).toEqual([201, null, null]);

    const row = organizationRow({ type: 'sole_proprietor' });
    const answer = await svc.from('organizations').insert(row).select().single();
    expectOk(answer, 201);
    const stored = answer.data as Record<string, unknown>;
    expect(stored).toMatchObject({ ...row, is_active: true, _deleted: false });
    for (const key of ['created_at', 'updated_at', '_modified']) expect(stored[key]).toMatch(TIMESTAMP);
  });

  it('inserts arrays of rows with different keys (columns=) and applies defaults with missing=default', async () => {
    const a = organizationRow({ is_active: false });
    const b = organizationRow();
    const nulls = await svc.from('organizations').insert([a, b]).select('id');
    // Without missing=default a key absent from one object is NULL for it (not-null → 23502).
    expectRefused(nulls, 400, '23502');
    const answer = await svc.from('organizations').insert([a, b], { defaultToNull: false }).select('id, is_active');
    expectOk(answer, 201);
    expect(answer.data).toEqual([
      { id: a.id, is_active: false },
      { id: b.id, is_active: true },
    ]);
  });

  it('round-trips jsonb and text[] exactly, including commas, quotes and unicode', async () => {
    const nppes = { basic: { first_name: 'Zoë', credential: 'M.D., "PhD"' }, taxonomies: [{ code: '207Q00000X', primary: true }], n: 1.5 };
    const provider = providerRow({ nppes_data: nppes, first_name: 'Zoë' });
    const inserted = await svc.from('providers').insert(provider).select('id, first_name, nppes_data').single();
    expect(inserted.data).toEqual({ id: provider.id, first_name: 'Zoë', nppes_data: nppes });

    const reports = ['one@x.test', 'two,"three"@x.test', '{braces}', 'ünï'];
    const prefs = await svc
      .from('provider_preferences')
      .insert({ provider_id: provider.id, favorite_reports: reports })
      .select('favorite_reports, email_notifications')
      .single();
    expect(prefs.data).toEqual({ favorite_reports: reports, email_notifications: false });
  });

  it('answers 409 for a duplicate key (23505) and a missing parent (23503), 400 for a check (23514)', async () => {
    const row = organizationRow();
    await svc.from('organizations').insert(row);
    const duplicate = await svc.from('organizations').insert(row);
    expectRefused(duplicate, 409, '23505');
    expect(duplicate.error?.message).toBe('duplicate key value violates unique constraint "organizations_pkey"');
    expect(duplicate.error?.details).toBe(`Key (id)=(${row.id}) already exists.`);

    const orphan = await svc.from('provider_organization_memberships').insert({ provider_id: randomUUID(), organization_id: row.id });
    expectRefused(orphan, 409, '23503');

    const blank = await svc.from('organizations').insert(organizationRow({ legal_name: '   ' }));
    expectRefused(blank, 400, '23514');
    expect(blank.error?.message).toBe('new row for relation "organizations" violates check constraint "organizations_legal_name_check"');
  });

  it('answers 400 PGRST204 for an unknown column and 400 22P02 for a malformed value', async () => {
    const unknown = await svc.from('organizations').insert(organizationRow({ colour: 'red' }));
    expectRefused(unknown, 400, 'PGRST204');
    expect(unknown.error?.message).toBe("Could not find the 'colour' column of 'organizations' in the schema cache");
    const badUuid = await svc.from('organizations').insert(organizationRow({ id: 'not-a-uuid' }));
    expectRefused(badUuid, 400, '22P02');
  });

  it('rolls the insert back with Prefer: tx=rollback but still answers the row', async () => {
    const row = organizationRow();
    const answer = await svc.from('organizations').insert(row).select('id').rollback();
    expect([answer.status, answer.data]).toEqual([201, [{ id: row.id }]]);
    expect((await svc.from('organizations').select('id').eq('id', row.id)).data).toEqual([]);
  });
});

describe('upsert', () => {
  it('merges duplicates on the primary key or on_conflict columns, or ignores them', async () => {
    const row = organizationRow({ is_active: true });
    await svc.from('organizations').insert(row);
    const merged = await svc
      .from('organizations')
      .upsert({ ...row, legal_name: `${row.legal_name as string} (renamed)` })
      .select('legal_name');
    expect([merged.status, merged.data]).toEqual([200, [{ legal_name: `${row.legal_name as string} (renamed)` }]]);

    const fresh = organizationRow({ is_active: true });
    const both = await svc.from('organizations').upsert([{ ...row, is_active: false }, fresh]).select('id, is_active');
    expect(both.status).toBe(201);
    expect(both.data).toEqual([
      { id: row.id, is_active: false },
      { id: fresh.id, is_active: true },
    ]);

    const ignored = await svc.from('organizations').upsert({ ...row, legal_name: 'ignored' }, { ignoreDuplicates: true }).select('id');
    expect([ignored.status, ignored.data]).toEqual([201, []]);
    // The batch above wrote the original name back; the ignored upsert changed nothing.
    expect((await svc.from('organizations').select('legal_name').eq('id', row.id).single()).data).toEqual({
      legal_name: row.legal_name,
    });

    const providerId = await seedOne('providers', providerRow());
    const orgId = row.id as string;
    await svc.from('provider_organization_memberships').insert({ provider_id: providerId, organization_id: orgId, is_active: true });
    const onConflict = await svc
      .from('provider_organization_memberships')
      .upsert({ provider_id: providerId, organization_id: orgId, is_active: false }, { onConflict: 'provider_id,organization_id' })
      .select('is_active');
    expect(onConflict.data).toEqual([{ is_active: false }]);
  });
});

describe('update and delete', () => {
  it('updates with filters: 204 without a select, 200 with the rows, _modified moving forward', async () => {
    const row = organizationRow({ is_active: true });
    const [before] = (await svc.from('organizations').insert(row).select('_modified')).data as Array<{ _modified: string }>;
    const bare = await svc.from('organizations').update({ is_active: false }).eq('id', row.id);
    expect([bare.status, bare.data, bare.error]).toEqual([204, null, null]);

    const answer = await svc.from('organizations').update({ legal_name: 'Renamed Clinic' }).eq('id', row.id).select('legal_name, is_active, _modified');
    expectOk(answer, 200);
    const [after] = answer.data as Array<{ legal_name: string; is_active: boolean; _modified: string }>;
    expect(after).toMatchObject({ legal_name: 'Renamed Clinic', is_active: false });
    expect(after!._modified).toMatch(TIMESTAMP);
    expect(Date.parse(after!._modified)).toBeGreaterThan(Date.parse(before!._modified));

    const nothing = await svc.from('organizations').update({ is_active: true }).eq('id', randomUUID()).select();
    expect([nothing.status, nothing.data]).toEqual([200, []]);
    const single = await svc.from('organizations').update({ is_active: true }).eq('id', randomUUID()).select().single();
    expectRefused(single, 406, 'PGRST116');
  });

  it('deletes with filters: 204 without a select, 200 with the deleted rows, counts on request', async () => {
    const [a, b] = [organizationRow({ is_active: true }), organizationRow({ is_active: true })];
    await svc.from('organizations').insert([a, b]);
    const bare = await svc.from('organizations').delete({ count: 'exact' }).eq('id', a.id);
    expect([bare.status, bare.count, bare.error]).toEqual([204, 1, null]);
    const answer = await svc.from('organizations').delete().in('id', [a.id, b.id]).select('id');
    expect([answer.status, answer.data]).toEqual([200, [{ id: b.id }]]);
  });
});
