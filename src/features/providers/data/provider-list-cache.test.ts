/**
 * The lists on a real local database (RxDB on fake-indexeddb): each scope reads its own
 * providers, follows inserts, edits and deletions, is shared while in use and dropped a
 * while after the last view leaves.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalDatabase, type LocalDatabase } from '../../../db/database.ts';
import { latestProviderWrite, newLocalDoc } from '../../../db/index.ts';
import { writeListSnapshot } from './list-snapshot-store.ts';
import { acquireProviderList } from './provider-list-cache.ts';
import type { ProviderListSource } from './provider-list-source.ts';
import { savedListIndex } from './saved-list-index.ts';

let db: LocalDatabase;

const id = (n: number) => `0b6c7a3e-2222-4000-8000-${String(n).padStart(12, '0')}`;

async function ready(source: ProviderListSource) {
  for (let i = 0; i < 200 && source.getSnapshot().phase !== 'ready'; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  const index = source.getSnapshot().index;
  if (!index) throw new Error(`the list is ${source.getSnapshot().phase}`);
  return index;
}

async function names(source: ProviderListSource, search = ''): Promise<string[]> {
  const index = await ready(source);
  return index.query(search).map((row) => `${row.first_name} ${row.last_name}`);
}

async function eventually(check: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

beforeAll(async () => {
  db = await openLocalDatabase('provider-list-test', {
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    devMode: false,
    multiInstance: false,
    tables: ['providers'],
  });
  await db.providers.bulkInsert([
    newLocalDoc('providers', { id: id(1), first_name: 'Jane', last_name: 'Doe', npi: '1234567893' }),
    newLocalDoc('providers', { id: id(2), first_name: 'Karen', last_name: 'Whitfield' }),
    newLocalDoc('providers', { id: id(3), first_name: 'Bo', last_name: 'Adams', npi: '1003000126' }),
  ]);
});

afterAll(async () => {
  await db.close();
});

describe('provider lists on the local database', () => {
  it('reads each scope, sorted by last name', async () => {
    const all = acquireProviderList(db, 'all', 0);
    const healthcare = acquireProviderList(db, 'healthcare', 0);
    const other = acquireProviderList(db, 'non_healthcare', 0);
    expect(await names(all.source)).toEqual(['Bo Adams', 'Jane Doe', 'Karen Whitfield']);
    expect(await names(healthcare.source)).toEqual(['Bo Adams', 'Jane Doe']);
    expect(await names(other.source)).toEqual(['Karen Whitfield']);
    expect(await names(healthcare.source, '1003')).toEqual(['Bo Adams']);
    expect(await names(other.source, '1003')).toEqual([]);
    all.release();
    healthcare.release();
    other.release();
  });

  it('follows inserts, edits and deletions', async () => {
    const { source, release } = acquireProviderList(db, 'healthcare', 0);
    await ready(source);
    await db.providers.insert(newLocalDoc('providers', { id: id(4), first_name: 'Cy', last_name: 'Baker', npi: '1558598797' }));
    await eventually(async () => expect(await names(source)).toEqual(['Bo Adams', 'Cy Baker', 'Jane Doe']));

    // Losing the NPI moves a provider out of the healthcare list.
    const jane = await db.providers.findOne(id(1)).exec();
    await jane!.incrementalPatch({ npi: null });
    await eventually(async () => expect(await names(source)).toEqual(['Bo Adams', 'Cy Baker']));

    const cy = await db.providers.findOne(id(4)).exec();
    await cy!.remove();
    await eventually(async () => expect(await names(source)).toEqual(['Bo Adams']));
    release();
  });

  it('keeps only what a row shows, not the registry answers, also of providers changed later', async () => {
    const nppes = { result_count: 1, results: [{ number: '1679576722', basic: { first_name: 'DANA' } }] };
    await db.providers.insert(newLocalDoc('providers', { id: id(5), first_name: 'Dana', last_name: 'Ellis', npi: '1679576722', nppes_data: nppes }));
    const { source, release } = acquireProviderList(db, 'all', 0);
    const index = await ready(source);
    const dana = index.query('ellis')[0]!;
    expect(dana).toMatchObject({ id: id(5), first_name: 'Dana', last_name: 'Ellis', npi: '1679576722' });
    // The registry's answer is reduced to what the URL filters and the dashboard read (its status and date).
    expect(dana.nppes_data).toEqual({ result_count: 1, results: [{ basic: { status: null, last_updated: null } }] });

    const doc = await db.providers.findOne(id(5)).exec();
    await doc!.incrementalPatch({ first_name: 'Danielle', nppes_data: { ...nppes, result_count: 2 } });
    await eventually(async () => expect(await names(source, 'ellis')).toEqual(['Danielle Ellis']));
    expect(source.getSnapshot().index!.query('ellis')[0]!.nppes_data).toEqual({ result_count: 1, results: [{ basic: { status: null, last_updated: null } }] });
    await doc!.getLatest().remove();
    release();
  });

  it('shares a list while it is in use and starts afresh after the last view left', async () => {
    const first = acquireProviderList(db, 'all', 20);
    const second = acquireProviderList(db, 'all', 20);
    expect(second.source).toBe(first.source);
    first.release();
    second.release();
    const again = acquireProviderList(db, 'all', 20);
    expect(again.source).toBe(first.source);
    again.release();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const later = acquireProviderList(db, 'all', 20);
    expect(later.source).not.toBe(first.source);
    later.release();
  });

  it('takes the index the page built from the saved list while no provider was written since', async () => {
    // The saved lists live in an IndexedDB of their own (the page's global one).
    vi.stubGlobal('indexedDB', indexedDB);
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
    try {
      const user = 'saved-list-user';
      const latest = await latestProviderWrite(db);
      // Saved at the last visit; its first names tell its rows from the database's.
      const saved = (await db.providers.find().exec()).map((doc) => ({ ...doc.toJSON(), first_name: 'Saved' }));
      await writeListSnapshot(user, 'healthcare', { lwt: latest, json: JSON.stringify(saved) });
      await new Promise((resolve) => setTimeout(resolve, 60)); // the earlier tests' lists expire
      const shown = await savedListIndex(user, 'healthcare');
      const unchanged = acquireProviderList(db, 'healthcare', 0, user);
      expect(await ready(unchanged.source)).toBe(shown?.index);
      const healthcare = saved.filter((row) => row.npi_key !== '').length;
      expect(healthcare).toBeGreaterThan(0);
      expect((await names(unchanged.source)).filter((name) => name.startsWith('Saved '))).toHaveLength(healthcare);
      unchanged.release();

      // Saved before the last write: the database's rows, indexed afresh.
      await writeListSnapshot(user, 'healthcare', { lwt: latest - 1, json: JSON.stringify(saved) });
      await new Promise((resolve) => setTimeout(resolve, 10));
      const stale = await savedListIndex(user, 'healthcare');
      const written = acquireProviderList(db, 'healthcare', 0, user);
      expect(await ready(written.source)).not.toBe(stale?.index);
      const fromDatabase = await names(written.source);
      expect(fromDatabase).toHaveLength(healthcare);
      expect(fromDatabase.filter((name) => name.startsWith('Saved '))).toEqual([]);
      written.release();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
