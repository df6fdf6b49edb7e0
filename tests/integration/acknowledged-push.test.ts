/**
 * A pushed record is clean for the app as soon as the server has taken it, before the next
 * pull brings the server's stamp: the screens that wait for the server's answer (a saved
 * membership, preferences, a delegate) must not wait for a pull that may come much later.
 * And clearing the flag must not cost a pulled version its place (see pending-records.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, filter, timeout } from 'rxjs';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

let browser: TestBrowser | null = null;

afterEach(async () => {
  await browser?.dispose();
  browser = null;
});

describe('an acknowledged push', () => {
  it('reaches the app as a clean record without waiting for a pull', async () => {
    // Not live: no realtime-triggered pulls, and the periodic one is a minute away.
    browser = new TestBrowser(await staffUser('acknowledged-push'), { tables: ['providers'], live: false });
    await browser.signIn();
    await browser.open();
    await browser.session!.awaitInSync(); // the first download is over: no pull until the periodic one
    const id = randomUUID();
    const inserted = (await browser.db.providers.insert(newLocalDoc('providers', { id, first_name: 'Ada', last_name: 'Acked' }))).toJSON(true);
    expect(inserted.local_dirty).toBe(true);

    await eventually(async () => {
      const { data } = await serviceClient().from('providers').select('id').eq('id', id);
      expect(data).toHaveLength(1);
    });
    // What a screen subscribed to the record sees: clean, and newer than the write.
    const seen = await firstValueFrom(
      browser.db.providers.findOne(id).$.pipe(
        filter((doc) => doc !== null && !doc.local_dirty),
        timeout(10_000),
      ),
    );
    expect(seen!.toJSON(true)._meta.lwt).toBeGreaterThan(inserted._meta.lwt);
    // Still the pushed version: no pull has brought the server's stamp.
    expect(seen!.server_modified).toBeNull();
    await eventually(() => expect(browser!.state().pendingChanges).toBe(0));
  });

  it("does not make RxDB drop a pulled version it is writing over the same record", async () => {
    const current = new TestBrowser(await staffUser('acknowledged-during-pull'), { tables: ['providers'], live: false });
    browser = current;
    await current.signIn();
    await current.open();
    await current.session!.awaitInSync();
    const id = randomUUID();
    await current.db.providers.insert(newLocalDoc('providers', { id, first_name: 'Ada', last_name: 'Overlap', email: 'ada@clinic.test' }));
    await eventually(async () => expect(await current.db.providers.findOne(id).exec()).toMatchObject({ local_dirty: false }));

    // A record whose flag is still to be cleared (what a push leaves until the engine's
    // clean-up runs), and a newer version of it on the server.
    const storage = current.db.providers.storageInstance;
    const [stored] = await storage.findDocumentsById([id], false);
    const flagged = await storage.bulkWrite([{ previous: stored!, document: { ...stored!, local_dirty: true, _rev: '9-flagged', _meta: { ...stored!._meta, lwt: Date.now() } } }], 'test-flag');
    expect(flagged.error).toEqual([]);
    await serviceClient().from('providers').update({ email: 'ada.new@clinic.test' }).eq('id', id).throwOnError();

    // The clean-up runs while RxDB writes the pulled row: between its read and its write.
    const engine = current.session!.engine;
    const write = storage.bulkWrite.bind(storage);
    let overlapped = false;
    storage.bulkWrite = async (rows, context) => {
      if (!overlapped && context.startsWith('replication-downstream') && rows.some((row) => row.document.id === id)) {
        overlapped = true;
        void engine.pending.reconcile('providers', engine.replicationOf('providers')!);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return write(rows, context);
    };
    engine.resync('providers');

    await eventually(async () =>
      expect(await current.db.providers.findOne(id).exec()).toMatchObject({ email: 'ada.new@clinic.test', local_dirty: false, server_modified: expect.any(String) }),
    );
    expect(overlapped).toBe(true);
  });
});
