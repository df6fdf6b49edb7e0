/**
 * Patients on the server (issue 26), from the refused side: staff and admins read and write
 * them; a provider user, an account with no role and an anonymous caller get nothing (the
 * provider's read of the patients on their orders comes with the orders). The server checks
 * the MBI of a Medicare coverage and the MRN list whatever the device says. Each opening of
 * a patient is recorded in the access log as its opener, once, with the time it happened;
 * each device gets a number of its own for the ids it makes offline.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInUser, userWithRole, type Client, type TestUser } from '../helpers/clients.ts';
import { expectOk, expectRefused, organizationRow, seedOne, visibleIds, type Row } from './directory-helpers.ts';
import { expectApplied, expectPushRefused, pushChange } from './protected-writes.ts';

let staff: TestUser;
let admin: TestUser;
let providerUser: TestUser;
let noRole: TestUser;
let organizationId: string;
let patientId: string;

/** A signed-in user holding an active `staff` role. */
async function staffMember(prefix: string): Promise<TestUser> {
  const user = await signedInUser(prefix);
  const { error } = await serviceClient().from('user_roles').insert({ id: randomUUID(), user_id: user.id, role: 'staff' });
  if (error) throw error;
  return user;
}

function patientRow(overrides: Row = {}): Row {
  return {
    id: randomUUID(),
    lab_patient_id: `P-${randomUUID().slice(0, 4).toUpperCase().replace(/[ILOU]/g, '7')}-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    first_name: 'Contract',
    last_name: `Patient-${randomUUID().slice(0, 6)}`,
    date_of_birth: '1950-04-12',
    sex: 'female',
    coverages: [{ rank: 'primary', payer_type: 'medicare', payer_name: 'Medicare', member_id: '1EG4TE5MK73', relationship: 'self' }],
    ...overrides,
  };
}

beforeAll(async () => {
  [staff, admin, providerUser, noRole] = await Promise.all([
    staffMember('patients-staff'),
    userWithRole('admin', 'patients-admin'),
    userWithRole('provider', 'patients-provider'),
    signedInUser('patients-no-role'),
  ]);
  organizationId = await seedOne('organizations', organizationRow());
  patientId = await seedOne('patients', patientRow({ medical_record_numbers: [{ organization_id: organizationId, mrn: 'A-1001' }] }));
});

function push(client: Client, rows: unknown[]) {
  return client.rpc('sync_push', { p_table: 'patients', p_rows: rows });
}

describe('staff and admins', () => {
  it('read patients', async () => {
    expect(await visibleIds(staff.client, 'patients', [patientId])).toEqual([patientId]);
    expect(await visibleIds(admin.client, 'patients', [patientId])).toEqual([patientId]);
  });

  it('add a patient as themselves through the replication push, and edit it', async () => {
    const row = patientRow({ created_by: staff.id });
    const { data, error } = await push(staff.client, [{ new: row, assumed: null }]);
    expect(error).toBeNull();
    expect(data).toEqual({ conflicts: [], rejected: [] });
    expectApplied(await pushChange(staff.client, 'patients', row.id as string, { phone: '(503) 555-0100' }));
    const stored = await serviceClient().from('patients').select('phone, created_by').eq('id', row.id as string).single();
    expect(stored.data).toEqual({ phone: '(503) 555-0100', created_by: staff.id });
  });

  it('cannot record another user, or nobody, as the one who added a patient: the server writes who and when', async () => {
    const named = patientRow({ created_by: admin.id, created_at: '2001-01-01T00:00:00Z' });
    const unnamed = patientRow({ created_by: null });
    const pushed = patientRow({ created_by: admin.id });
    expectOk(await staff.client.from('patients').insert(named), 201);
    expectOk(await staff.client.from('patients').insert(unnamed), 201);
    expect((await push(staff.client, [{ new: pushed, assumed: null }])).data).toEqual({ conflicts: [], rejected: [] });
    // Nor later, by an edit.
    expectApplied(await pushChange(staff.client, 'patients', named.id as string, { created_by: admin.id }));
    const { data } = await serviceClient()
      .from('patients')
      .select('id, created_by, created_at')
      .in('id', [named.id, unnamed.id, pushed.id] as string[]);
    expect(data?.map((row) => row.created_by)).toEqual([staff.id, staff.id, staff.id]);
    expect(data?.every((row) => Date.parse(row.created_at as string) > Date.parse('2020-01-01'))).toBe(true);
  });
});

describe('the server checks what the device checked', () => {
  it('refuses a Medicare coverage whose member id is not an MBI (23514)', async () => {
    const bad = patientRow({ coverages: [{ rank: 'primary', payer_type: 'medicare', member_id: '1EG4TE5MK7S' }] });
    expectRefused(await staff.client.from('patients').insert(bad), 400, '23514');
    const dashed = patientRow({ coverages: [{ rank: 'primary', payer_type: 'medicare', member_id: '1EG4-TE5-MK73' }] });
    expectRefused(await staff.client.from('patients').insert(dashed), 400, '23514');
  });

  it('refuses two MRNs at one organization, two primary coverages and an unknown payer type', async () => {
    const twoMrns = patientRow({
      medical_record_numbers: [
        { organization_id: organizationId, mrn: 'A' },
        { organization_id: organizationId, mrn: 'B' },
      ],
    });
    expectRefused(await staff.client.from('patients').insert(twoMrns), 400, '23514');
    const twoPrimary = patientRow({
      coverages: [
        { rank: 'primary', payer_type: 'self_pay' },
        { rank: 'primary', payer_type: 'self_pay' },
      ],
    });
    expectRefused(await staff.client.from('patients').insert(twoPrimary), 400, '23514');
    expectRefused(await staff.client.from('patients').insert(patientRow({ coverages: [{ rank: 'primary', payer_type: 'barter' }] })), 400, '23514');
  });

  it('refuses a lab patient id that is already taken (23505)', async () => {
    const first = patientRow();
    expectOk(await staff.client.from('patients').insert(first), 201);
    expectRefused(await staff.client.from('patients').insert(patientRow({ lab_patient_id: first.lab_patient_id })), 409, '23505');
  });
});

describe('everyone else is refused (until orders give providers their own patients)', () => {
  it.each([
    ['a provider user', () => providerUser],
    ['a user with no role', () => noRole],
  ])('%s reads no patient, cannot add one and cannot change one', async (_who, user) => {
    const { client } = user();
    expect(await visibleIds(client, 'patients', [patientId])).toEqual([]);
    expectRefused(await client.from('patients').insert(patientRow()), 403, '42501');
    // An update of a row the caller cannot see changes nothing.
    expectOk(await client.from('patients').update({ last_name: 'Changed' }).eq('id', patientId), 204);
    expectPushRefused(await pushChange(client, 'patients', patientId, { last_name: 'Changed' }), 'P0002');
    const { data } = await push(client, [{ new: patientRow(), assumed: null }]);
    expect((data as { rejected: Array<{ code: string }> }).rejected.map((row) => row.code)).toEqual(['42501']);
    const stored = await serviceClient().from('patients').select('last_name').eq('id', patientId).single();
    expect(stored.data?.last_name).not.toBe('Changed');
  });

  it('an anonymous caller is refused outright (401)', async () => {
    expectRefused(await anonClient().from('patients').select('*'), 401, '42501');
    expectRefused(await anonClient().from('patients').insert(patientRow()), 401, '42501');
  });
});

describe('the access log', () => {
  it('records an opening as its opener, once, at the server\'s time, with the device\'s time beside it', async () => {
    const openingId = randomUUID();
    const offline = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    const before = Date.now();
    // The device's patient_id and opener are not believed either: the server looks them up.
    const opening = { id: openingId, table_name: 'patients', row_id: patientId, patient_id: randomUUID(), opened_at: offline, opened_by: admin.id };
    const first = await staff.client.rpc('record_openings', { p_openings: [opening] });
    expect(first).toMatchObject({ error: null, data: 1 });
    // Sent again (an answer lost on the way): recorded once.
    expect(await staff.client.rpc('record_openings', { p_openings: [opening] })).toMatchObject({ error: null, data: 0 });
    const { data, error } = await admin.client.from('access_log').select('*').eq('id', openingId);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data?.[0]).toMatchObject({ table_name: 'patients', row_id: patientId, patient_id: patientId, opened_by: staff.id });
    expect(Date.parse(data?.[0].opened_at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(data?.[0].device_opened_at as string).toISOString()).toBe(offline);
    // On the timeline once (the repeated send added nothing), for staff; not for a provider's account.
    const timeline = await staff.client.from('audit_log').select('action, changed_by, changed_at, row_data').eq('table_name', 'patients').eq('row_id', patientId).eq('action', 'open');
    expect(timeline.error).toBeNull();
    expect(timeline.data?.filter((row) => Date.parse(row.changed_at as string) === Date.parse(data?.[0].opened_at as string))).toEqual([
      { action: 'open', changed_by: staff.id, changed_at: expect.any(String), row_data: { patient_id: patientId } },
    ]);
    const seenByProvider = await providerUser.client.from('audit_log').select('id').eq('table_name', 'patients').eq('row_id', patientId).eq('action', 'open');
    expect(seenByProvider.data ?? []).toEqual([]);
  });

  it('never backdates: an opening dated 2001 or in the future is recorded at the time it arrived', async () => {
    for (const claimed of ['2001-01-01T00:00:00.000Z', new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString()]) {
      const openingId = randomUUID();
      const before = Date.now();
      expect((await staff.client.rpc('record_openings', { p_openings: [{ id: openingId, table_name: 'patients', row_id: patientId, opened_at: claimed }] })).error).toBeNull();
      const { data } = await serviceClient().from('access_log').select('opened_at, device_opened_at').eq('id', openingId).single();
      expect(Date.parse(data?.opened_at as string)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(data?.opened_at as string)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(new Date(data?.device_opened_at as string).toISOString()).toBe(claimed);
    }
  });

  it.each([
    ['a user with no role, of a real patient', () => noRole, 'patients', () => patientId],
    ['a provider user, of a patient not theirs', () => providerUser, 'patients', () => patientId],
    ['staff, of a patient that does not exist', () => staff, 'patients', () => randomUUID()],
    ['staff, of an order that does not exist', () => staff, 'orders', () => randomUUID()],
  ])('refuses %s (42501) and records nothing of the call', async (_who, user, table, rowId) => {
    const ids = [randomUUID(), randomUUID()];
    // Staff also name a patient they may open: the whole call is refused, that one too.
    const openings = [
      ...(user() === staff ? [{ id: ids[0], table_name: 'patients', row_id: patientId, opened_at: new Date().toISOString() }] : []),
      { id: ids[1], table_name: table, row_id: rowId(), opened_at: new Date().toISOString() },
    ];
    expectRefused(await user().client.rpc('record_openings', { p_openings: openings }), 403, '42501');
    const { data } = await serviceClient().from('access_log').select('id').in('id', ids);
    expect(data).toEqual([]);
  });

  it('is read by admins only and written by nobody directly', async () => {
    const openingId = randomUUID();
    await staff.client.rpc('record_openings', {
      p_openings: [{ id: openingId, table_name: 'patients', row_id: patientId, patient_id: patientId, opened_at: new Date().toISOString() }],
    });
    expect(await visibleIds(staff.client, 'access_log', [openingId])).toEqual([]);
    expect(await visibleIds(providerUser.client, 'access_log', [openingId])).toEqual([]);
    expectRefused(await staff.client.from('access_log').insert({ id: randomUUID() }), 403, '42501');
    expectRefused(await admin.client.from('access_log').update({ opened_by: admin.id }).eq('id', openingId), 403, '42501');
    expectRefused(await admin.client.from('access_log').delete().eq('id', openingId), 403, '42501');
    expect((await serviceClient().from('access_log').select('opened_by').eq('id', openingId).single()).data?.opened_by).toBe(staff.id);
    expectRefused(await anonClient().rpc('record_openings', { p_openings: [] }), 401, '42501');
  });
});

describe('device numbers', () => {
  it('are given once per claim, never twice, and only to signed-in callers', async () => {
    const [a, b] = await Promise.all([staff.client.rpc('claim_device_number'), noRole.client.rpc('claim_device_number')]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(Number(a.data)).toBeGreaterThan(0);
    expect(a.data).not.toBe(b.data);
    expectRefused(await anonClient().rpc('claim_device_number'), 401, '42501');
  });
});
