/** Drafts on the device: kept per user, form and record; sealed ones unreadable without the key and bound to their place. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { openText, sealText } from '../protected/sealed-blobs.ts';
import { DraftStore, type DraftSeal } from './draft-store.ts';

const USER = '0b6c7a3e-1111-4000-8000-000000000001';
const OTHER = '0b6c7a3e-1111-4000-8000-000000000002';
const ORDER = { userId: USER, form: 'order-entry', record: 'new' };
const stores: DraftStore[] = [];

function store(indexedDB = new IDBFactory()): DraftStore & { indexedDB: IDBFactory } {
  const drafts = Object.assign(new DraftStore({ indexedDB, IDBKeyRange }), { indexedDB });
  stores.push(drafts);
  return drafts;
}

async function sealWith(): Promise<DraftSeal> {
  const key = (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])) as CryptoKey;
  return { seal: (text, context) => sealText(key, text, context), open: (blob, context) => openText(key, blob, context) };
}

/** Every value the draft database holds, as IndexedDB hands it out (what a copy of the profile's files would give). */
async function rawRecords(indexedDB: IDBFactory): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('labdir-drafts');
    request.onsuccess = () => {
      const all = request.result.transaction('drafts').objectStore('drafts').getAll();
      all.onsuccess = () => {
        request.result.close();
        resolve(all.result as unknown[]);
      };
      all.onerror = () => reject(all.error);
    };
    request.onerror = () => reject(request.error);
  });
}

afterEach(() => stores.splice(0).forEach((drafts) => drafts.close()));

describe('drafts', () => {
  it('are kept as typed and read back by the next page of the same browser, per user, form and record', async () => {
    const indexedDB = new IDBFactory();
    const first = store(indexedDB);
    await first.save({ userId: USER, form: 'organization-create', record: 'healthcare' }, { legal_name: 'Lakeside Clinic' }, null, 1000);
    await first.save({ userId: USER, form: 'provider-edit', record: 'p1' }, { first_name: 'Ana' }, null, 2000);
    const next = store(indexedDB);
    expect(await next.read({ userId: USER, form: 'organization-create', record: 'healthcare' }, null)).toEqual({ value: { legal_name: 'Lakeside Clinic' }, savedAt: 1000 });
    expect(await next.read({ userId: OTHER, form: 'organization-create', record: 'healthcare' }, null)).toBeNull();
    expect(await next.read({ userId: USER, form: 'provider-edit', record: 'p2' }, null)).toBeNull();
    await next.discard({ userId: USER, form: 'provider-edit', record: 'p1' });
    expect(await next.read({ userId: USER, form: 'provider-edit', record: 'p1' }, null)).toBeNull();
  });

  it('seals a draft that may name a patient: nothing of it is readable in the database, and it opens only with the key, in its own place', async () => {
    const drafts = store();
    const seal = await sealWith();
    const value = { patientId: 'a1b2', comments: 'Wilhelmina Quartermaine, fasting since 8 pm' };
    await drafts.save(ORDER, value, seal, 5000);
    const raw = JSON.stringify(await rawRecords(drafts.indexedDB), (_key, item: unknown) => (item instanceof ArrayBuffer || ArrayBuffer.isView(item) ? Buffer.from(item as ArrayBuffer).toString('latin1') : item));
    expect(raw).not.toContain('Wilhelmina');
    expect(raw).not.toContain('fasting');
    expect(await drafts.read(ORDER, seal)).toEqual({ value, savedAt: 5000 });
    // Locked (no key in hand): not readable, and kept for when it is.
    expect(await drafts.read(ORDER, null)).toBeNull();
    expect(await drafts.read(ORDER, seal)).not.toBeNull();
  });

  it('deletes a sealed draft that no longer opens (another data key), and forgets all of a user’s drafts at sign-out', async () => {
    const drafts = store();
    await drafts.save(ORDER, { comments: 'x' }, await sealWith());
    expect(await drafts.read(ORDER, await sealWith())).toBeNull();
    expect(await rawRecords(drafts.indexedDB)).toEqual([]);

    await drafts.save(ORDER, { a: 1 }, null);
    await drafts.save({ ...ORDER, form: 'patient-new' }, { b: 2 }, null);
    await drafts.save({ ...ORDER, userId: OTHER }, { c: 3 }, null);
    await drafts.forgetUser(USER);
    expect((await rawRecords(drafts.indexedDB)).map((record) => (record as { userId: string }).userId)).toEqual([OTHER]);
  });
});
