/**
 * The protected database (patients) with the local stack: it opens only with the user's
 * password, syncs both ways with the same engine as the directory, keeps a patient added
 * offline through a restart and sends it once back online, and leaves nothing that
 * identifies a patient readable in IndexedDB — neither the patient documents nor the
 * replication's record of the server's states. Sign-out removes it all.
 */
import { randomUUID } from 'node:crypto';
// Sign-out also forgets the kept data key and the drafts, in the browser's own IndexedDB.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { currentProtectedSession, lockProtectedData, unlockProtectedData, wipeProtectedData, type UnlockOptions } from '../../src/db/protected/protected-data.ts';
import { serviceClient, signedInUser, type TestUser } from '../helpers/clients.ts';
import { dumpIndexedDb } from '../helpers/indexeddb-dump.ts';
import { eventually, TEST_TIMING, TestBrowser } from './helpers/browser.ts';

let user: TestUser;
let browser: TestBrowser;
const keyValues = new Map<string, string>();
const keyValueStore = {
  getItem: (key: string) => keyValues.get(key) ?? null,
  setItem: (key: string, value: string) => void keyValues.set(key, value),
  removeItem: (key: string) => void keyValues.delete(key),
};

function options(trusted: boolean): UnlockOptions {
  return {
    trusted,
    iterations: 1000,
    keyValueStore,
    storage: browser.storage,
    devMode: true,
    multiInstance: false,
    connectivity: browser.network,
    status: browser.status,
    timing: TEST_TIMING,
  };
}

function db() {
  const session = currentProtectedSession();
  if (!session) throw new Error('protected data is locked');
  return session.db;
}

async function serverPatient(id: string) {
  const { data } = await serviceClient().from('patients').select('*').eq('id', id).maybeSingle();
  return data as Record<string, unknown> | null;
}

function patient(lastName: string, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    lab_patient_id: `P-9-${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    first_name: 'Integration',
    last_name: lastName,
    date_of_birth: '1947-11-02',
    sex: 'male',
    phone: '(971) 555-0134',
    coverages: [{ rank: 'primary', payer_type: 'medicare', payer_name: 'Medicare', member_id: '7QK2WN4TR61', relationship: 'self' }],
    ...extra,
  };
}

beforeAll(async () => {
  user = await signedInUser('protected-sync');
  const role = await serviceClient().from('user_roles').insert({ id: randomUUID(), user_id: user.id, role: 'staff' });
  if (role.error) throw role.error;
  browser = new TestBrowser(user);
  await browser.signIn();
});

afterAll(async () => {
  await lockProtectedData();
  await browser?.dispose();
});

describe('the protected database', () => {
  it('opens with the password, syncs both ways and seals what it stores', async () => {
    expect(await unlockProtectedData(user.id, user.password, browser.client, options(false))).toEqual({ ok: false, reason: 'not-set-up' });
    expect(await unlockProtectedData(user.id, user.password, browser.client, options(true))).toEqual({ ok: true });

    const local = patient('Okonkwo-Lindqvist');
    await db().patients.insert(newLocalDoc('patients', { ...local, created_by: user.id }));
    await eventually(async () => expect((await serverPatient(local.id))?.last_name).toBe('Okonkwo-Lindqvist'));

    const remote = patient('Abernathy-Szabo', { phone: '(971) 555-0199' });
    const seeded = await serviceClient().from('patients').insert(remote);
    expect(seeded.error).toBeNull();
    currentProtectedSession()!.engine.resyncAll();
    await eventually(async () => expect((await db().patients.findOne(remote.id).exec())?.phone).toBe('(971) 555-0199'));
    await eventually(() => expect(browser.state().pendingChanges).toBe(0));

    const dump = await dumpIndexedDb(browser.indexedDB);
    expect(dump).toContain(local.id);
    for (const value of ['Okonkwo-Lindqvist', 'Abernathy-Szabo', '1947-11-02', '555-0134', '555-0199', '7QK2WN4TR61']) {
      expect(dump, value).not.toContain(value);
    }
  });

  it('keeps a patient added offline through a restart, then sends it once', async () => {
    browser.network.setOnline(false);
    const offline = patient('Villanueva-Ekstrom');
    await db().patients.insert(newLocalDoc('patients', { ...offline, created_by: user.id }));
    await eventually(() => expect(browser.state().pendingRecords).toBe(1));

    await lockProtectedData();
    expect(currentProtectedSession()).toBeNull();
    expect(await unlockProtectedData(user.id, 'not the password', browser.client, options(false))).toEqual({ ok: false, reason: 'wrong-password' });
    expect(await unlockProtectedData(user.id, user.password, browser.client, options(false))).toEqual({ ok: true });
    expect((await db().patients.findOne(offline.id).exec())?.local_dirty).toBe(true);
    expect(await serverPatient(offline.id)).toBeNull();

    browser.network.setOnline(true);
    await eventually(async () => expect((await serverPatient(offline.id))?.last_name).toBe('Villanueva-Ekstrom'));
    await eventually(() => expect(browser.state().pendingRecords).toBe(0));
    expect(browser.network.timesPushed(offline.id)).toBe(1);
  });

  it('is removed by sign-out, with the key the device kept', async () => {
    await wipeProtectedData(user.id, { storage: browser.storage, keyValueStore });
    expect(currentProtectedSession()).toBeNull();
    expect([...keyValues.keys()].filter((key) => key.includes(user.id))).toEqual([]);
    // In Node the emptied databases stay behind (the app deletes them from the browser's IndexedDB).
    const stores = (await dumpIndexedDb(browser.indexedDB)).split('\n').filter((line) => line.includes('-protected--'));
    expect(stores.length).toBeGreaterThan(0);
    for (const line of stores) expect(line).toMatch(/: \[\] \[\]$/);
    expect(await unlockProtectedData(user.id, user.password, browser.client, options(false))).toEqual({ ok: false, reason: 'not-set-up' });
  });
});
