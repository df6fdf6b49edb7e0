/** The feature's writes against a real local database (RxDB on fake-indexeddb). */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDatabase, type LocalDatabase } from '../../../db/database.ts';
import { newLocalDoc } from '../../../db/index.ts';
import { ALREADY_A_MEMBER } from '../model/add-to-organization.ts';
import { DELEGATE_SELECTION_REQUIRED, PROVIDER_ID_NOT_AVAILABLE, PROVIDER_MISSING_FOR_DELEGATE } from '../model/delegate-rules.ts';
import { awaitServer, outcomeOf, patchLocal } from '../../../lib/local-data/local-write.ts';
import { addDelegate, addToOrganization, removeDelegate, savePreferences } from './relation-writes.ts';

const PROVIDER = '11111111-1111-4111-8111-111111111111';
const ORG_A = '22222222-2222-4222-8222-222222222222';
const ORG_B = '33333333-3333-4333-8333-333333333333';
const STAFF = '44444444-4444-4444-8444-444444444444';
const DELEGATE = '55555555-5555-4555-8555-555555555555';
const NOW = '2026-06-07T08:09:10.000Z';

let db: LocalDatabase;
let counter = 0;
const clock = { now: () => NOW, newId: () => `99999999-9999-4999-8999-${String((counter += 1)).padStart(12, '0')}` };
// Offline: the local write is the save, no server to wait for.
const offline = { clock, syncing: () => false };

beforeAll(async () => {
  db = await openLocalDatabase('relations-writes', {
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    devMode: true,
    multiInstance: false,
  });
  await db.providers.insert(newLocalDoc('providers', { id: PROVIDER, first_name: 'Ada', last_name: 'Lovelace' }));
  await db.memberships.insert(newLocalDoc('provider_organization_memberships', { provider_id: PROVIDER, organization_id: ORG_A }));
  await db.memberships.insert(
    newLocalDoc('provider_organization_memberships', { id: ORG_B.replace('3333', '7777'), provider_id: PROVIDER, organization_id: ORG_B, is_active: false }),
  );
});

afterAll(async () => {
  await db.remove();
});

describe('addToOrganization', () => {
  it('needs an organization and refuses an active duplicate', async () => {
    expect(await addToOrganization(db, { providerId: PROVIDER, organizationId: '', userId: STAFF }, offline)).toEqual({
      ok: false,
      field: 'Organization is required',
    });
    expect(await addToOrganization(db, { providerId: PROVIDER, organizationId: ORG_A, userId: STAFF }, offline)).toEqual({
      ok: false,
      toast: ALREADY_A_MEMBER,
    });
  });

  it('reactivates an inactive membership instead of adding a second one', async () => {
    expect(await addToOrganization(db, { providerId: PROVIDER, organizationId: ORG_B, userId: STAFF }, offline)).toEqual({ ok: true, outcome: 'pending' });
    const rows = (await db.memberships.find({ selector: { organization_id: ORG_B } }).exec()).map((doc) => doc.toJSON());
    expect(rows).toEqual([expect.objectContaining({ is_active: true, assigned_by: STAFF, updated_at: NOW, local_dirty: true })]);
  });

  it('inserts a new active membership assigned by the user', async () => {
    const orgC = '66666666-6666-4666-8666-666666666666';
    expect(await addToOrganization(db, { providerId: PROVIDER, organizationId: orgC, userId: STAFF }, offline)).toEqual({ ok: true, outcome: 'pending' });
    const [row] = (await db.memberships.find({ selector: { organization_id: orgC } }).exec()).map((doc) => doc.toJSON());
    expect(row).toMatchObject({ provider_id: PROVIDER, is_active: true, assigned_by: STAFF, created_at: NOW, local_dirty: true });
  });
});

describe('delegates', () => {
  const permissions = { canOrder: true, canViewResults: false };

  it('checks the provider, the person and the permissions', async () => {
    const base = { delegateId: DELEGATE, permissions, canViewVipPatients: false, userId: STAFF };
    expect(await addDelegate(db, { ...base, providerId: ' ' }, offline)).toEqual({ ok: false, error: PROVIDER_ID_NOT_AVAILABLE });
    expect(await addDelegate(db, { ...base, providerId: PROVIDER, delegateId: null }, offline)).toEqual({ ok: false, error: DELEGATE_SELECTION_REQUIRED });
    expect(await addDelegate(db, { ...base, providerId: '88888888-8888-4888-8888-888888888888' }, offline)).toEqual({
      ok: false,
      error: PROVIDER_MISSING_FOR_DELEGATE,
    });
  });

  it('adds, updates instead of duplicating, removes softly and reactivates', async () => {
    const input = { providerId: PROVIDER, delegateId: DELEGATE, permissions, canViewVipPatients: false, userId: STAFF };
    expect(await addDelegate(db, input, offline)).toEqual({ ok: true, outcome: 'pending' });
    const rows = async () => (await db.delegates.find({ selector: { provider_id: PROVIDER } }).exec()).map((doc) => doc.toJSON());
    const [added] = await rows();
    expect(added).toMatchObject({ delegate_id: DELEGATE, approval_type: 'order', is_active: true, created_by: STAFF });

    await addDelegate(db, { ...input, permissions: { canOrder: true, canViewResults: true } }, offline);
    expect(await rows()).toEqual([expect.objectContaining({ id: added?.id, approval_type: 'both', is_active: true })]);

    expect(await removeDelegate(db, added?.id ?? '', offline)).toBe('pending');
    expect(await rows()).toEqual([expect.objectContaining({ id: added?.id, is_active: false })]);

    await addDelegate(db, { ...input, permissions: { canOrder: false, canViewResults: true } }, offline);
    expect(await rows()).toEqual([expect.objectContaining({ id: added?.id, approval_type: 'results', is_active: true })]);
  });

  it('reports a removal of a record that is not on this device as failed', async () => {
    expect(await removeDelegate(db, 'no-such-approval', offline)).toBe('failed');
  });
});

describe('savePreferences', () => {
  const values = {
    in_app_notifications: false,
    email_notifications: true,
    fax_notifications: true,
    report_format: 'summary_plus' as const,
    emails: ['a@lab.test', 'A@lab.test'],
    fax_numbers: ['518-555-0101', '518-555-0102'],
  };

  it('says when the provider has no preferences on this device', async () => {
    expect(await savePreferences(db, PROVIDER, values, offline)).toBe('not-found');
  });

  it('saves the first fax number and the unique emails', async () => {
    await db.preferences.insert(newLocalDoc('provider_preferences', { provider_id: PROVIDER }));
    expect(await savePreferences(db, PROVIDER, values, offline)).toBe('pending');
    const doc = await db.preferences.findOne({ selector: { provider_id: PROVIDER } }).exec();
    expect(doc?.toJSON()).toMatchObject({
      report_format: 'summary_plus',
      fax_number: '518-555-0101',
      favorite_reports: ['a@lab.test'],
      email_notifications: true,
      in_app_notifications: false,
      local_dirty: true,
    });
  });
});

describe('the server answer', () => {
  it('is pending while the write waits for the server, and failed when the record is gone', async () => {
    const written = await patchLocal(db.providers, PROVIDER, { nickname: 'Countess' });
    expect(await awaitServer(db.providers, written, { syncing: () => true, timeoutMs: 50 })).toEqual({ kind: 'pending' });

    const waiting = awaitServer(db.providers, written, { syncing: () => true, timeoutMs: 5_000 });
    await (await db.providers.findOne(PROVIDER).exec())?.remove();
    const answer = await waiting;
    expect(answer).toEqual({ kind: 'answered', record: null });
    expect(outcomeOf(answer, { nickname: 'Countess' })).toBe('failed');
  });

  it('is saved when the record came back with our values, failed when reset to others', () => {
    const record = { id: 'x', local_dirty: false, nickname: 'Countess', tags: ['a'], updated_at: 'later' };
    expect(outcomeOf({ kind: 'answered', record }, { nickname: 'Countess', tags: ['a'], updated_at: NOW })).toBe('saved');
    // The server's spelling of a timestamp the browser wrote is the same value.
    expect(outcomeOf({ kind: 'answered', record: { deactivated_at: '2026-11-22T06:01:16.7+00:00' } }, { deactivated_at: '2026-11-22T06:01:16.700Z' })).toBe('saved');
    expect(outcomeOf({ kind: 'answered', record: { deactivated_at: '2026-11-22T06:01:17+00:00' } }, { deactivated_at: '2026-11-22T06:01:16.700Z' })).toBe('failed');
    expect(outcomeOf({ kind: 'answered', record }, { nickname: 'Ada' })).toBe('failed');
    expect(outcomeOf({ kind: 'pending' }, { nickname: 'Ada' })).toBe('pending');
  });

  it('is saved when only the fields the server stamps itself differ (the insert time, who made it)', () => {
    // The server writes created_at at the push, a second or more after the device's insert.
    const record = { id: 'x', local_dirty: false, nickname: 'Countess', created_at: '2026-11-25T21:30:36.363+00:00', created_by: 'server-says', updated_at: '2026-11-25T21:30:36.363+00:00' };
    const written = { nickname: 'Countess', created_at: '2026-11-25T21:30:35.190Z', created_by: 'device-says', updated_at: '2026-11-25T21:30:35.190Z' };
    expect(outcomeOf({ kind: 'answered', record }, written)).toBe('saved');
    expect(outcomeOf({ kind: 'answered', record }, { ...written, nickname: 'Ada' })).toBe('failed');
  });
});
