/**
 * A download written to the local database whose receipt RxDB never recorded: its
 * replication writes the pulled row, then, separately, the server state it assumes; a page
 * closed between the two leaves a local copy with no assumed server state. An edit of that
 * copy is then pushed as if the row were new, the server answers with its row as a
 * conflict, and the merge must see that the server still holds the very version the copy
 * came down as (the same server stamp): the user's edit wins, with no notice. When the
 * server has a newer version by then, the merge takes the copy's state before the edit,
 * which the app kept (src/db/replication/edit-bases.ts), as its base.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

let browser: TestBrowser | null = null;

afterEach(async () => {
  await browser?.dispose();
  browser = null;
});

async function serverRow(id: string) {
  const { data } = await serviceClient().from('providers').select('*').eq('id', id).single();
  return data as Record<string, unknown>;
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

interface MetaRow {
  id: string;
  itemId: string;
  isCheckpoint: string;
}

/** Removes what RxDB's replication assumes the server holds for a record (the closed browser's meta databases). */
async function forgetAssumedServerState(current: TestBrowser, id: string): Promise<number> {
  let removed = 0;
  for (const { name } of await current.indexedDB.databases()) {
    if (!name?.includes('rx-replication-meta')) continue;
    const db = await request(current.indexedDB.open(name));
    const forgotten = (meta: MetaRow) => meta.itemId === id && meta.isCheckpoint === '0';
    if (db.objectStoreNames.contains('docs')) {
      const store = db.transaction('docs', 'readwrite').objectStore('docs');
      const rows = (await request(store.getAll())) as MetaRow[];
      for (const row of rows.filter(forgotten)) {
        await request(store.delete(row.id));
        removed += 1;
      }
    }
    // The packed layout (src/db/packed): log records of rows; the row is taken out of each record that holds it.
    if (db.objectStoreNames.contains('records')) {
      const store = db.transaction('records', 'readwrite').objectStore('records');
      const records = (await request(store.getAll())) as Array<{ seq: number; rows: MetaRow[] }>;
      let found = false;
      for (const record of records.filter((r) => r.rows.some(forgotten))) {
        await request(store.put({ ...record, rows: record.rows.filter((row) => !forgotten(row)) }));
        found = true;
      }
      if (found) removed += 1;
    }
    db.close();
  }
  return removed;
}

/** A provider synced to a fresh browser, which then closes and loses RxDB's record of the row's server state. */
async function syncedThenForgotten(label: string): Promise<{ current: TestBrowser; id: string; stamped: Record<string, unknown> }> {
  const current = new TestBrowser(await staffUser(label), { tables: ['providers'] });
  browser = current;
  await current.signIn();
  await current.open();
  const id = randomUUID();
  await current.db.providers.insert(newLocalDoc('providers', { id, first_name: 'Ada', last_name: `Unrecorded ${id.slice(0, 8)}`, phone: '5185550100', email: 'ada@clinic.test' }));
  await eventually(async () => {
    const doc = await current.db.providers.findOne(id).exec();
    expect(doc?.local_dirty).toBe(false);
    expect(doc?.server_modified).not.toBeNull();
  });
  const stamped = await serverRow(id);

  // The page closes; what RxDB recorded of the row's server state is gone.
  current.network.setOnline(false);
  await current.close();
  expect(await forgetAssumedServerState(current, id)).toBe(1);
  return { current, id, stamped };
}

describe('a download whose receipt was not recorded', () => {
  it("keeps the user's edit of it when the server still holds the version it came down as", async () => {
    const { current, id, stamped } = await syncedThenForgotten('unrecorded-download');

    // Reopened offline, the user edits the row; then the connection comes back.
    await current.open();
    await (await current.db.providers.findOne(id).exec())!.incrementalPatch({ phone: '5185550199' });
    current.network.setOnline(true);

    await eventually(async () => expect(await serverRow(id)).toMatchObject({ phone: '5185550199' }));
    await eventually(async () => expect(await current.db.providers.findOne(id).exec()).toMatchObject({ phone: '5185550199', local_dirty: false }));
    await eventually(() => expect(current.state().pendingChanges).toBe(0));
    expect((await serverRow(id))._modified).not.toBe(stamped._modified);
    expect(current.state().notices).toEqual([]);
  });

  it("merges the user's edit with what another user changed on the server since", async () => {
    const { current, id } = await syncedThenForgotten('unrecorded-moved-on');
    // Meanwhile a colleague changes another field: the server's row is a newer version.
    await serviceClient().from('providers').update({ email: 'ada.new@clinic.test' }).eq('id', id).throwOnError();

    // Reopened offline, the user edits the phone (the copy still has the old email).
    await current.open();
    await (await current.db.providers.findOne(id).exec())!.incrementalPatch({ phone: '5185550199' });
    expect((await current.db.getLocal<{ doc: Record<string, unknown> }>(`edit-base:providers:${id}`))?.toJSON().data.doc).toMatchObject({ phone: '5185550100' });
    current.network.setOnline(true);

    // Both changes stand, on the server and here: different fields, so no conflict to report.
    await eventually(async () => expect(await serverRow(id)).toMatchObject({ phone: '5185550199', email: 'ada.new@clinic.test' }));
    await eventually(async () =>
      expect(await current.db.providers.findOne(id).exec()).toMatchObject({ phone: '5185550199', email: 'ada.new@clinic.test', local_dirty: false }),
    );
    await eventually(() => expect(current.state().pendingChanges).toBe(0));
    expect(current.state().notices).toEqual([]);
    // The state kept as the edit's base goes once RxDB has recorded the pushed one.
    await eventually(async () => expect(await current.db.getLocal(`edit-base:providers:${id}`)).toBeNull());
  });
});
