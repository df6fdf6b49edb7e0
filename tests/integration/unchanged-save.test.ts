/**
 * Saving a record with nothing changed (a form submitted as it was) while the replication
 * writes a newer version of that record from the server: the device must still get the
 * newer version. A write at that moment, even one that changes nothing, made RxDB drop the
 * pulled version for good (see src/db/patch-record.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { patchRecord } from '../../src/db/patch-record.ts';
import { serviceClient, signedInUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

let browser: TestBrowser | null = null;

afterEach(async () => {
  await browser?.dispose();
  browser = null;
});

describe('a save that changes nothing', () => {
  it('does not cost the device a newer version pulled at the same moment', async () => {
    const current = new TestBrowser(await signedInUser('unchanged-save-during-pull'), { tables: ['providers'], live: false });
    browser = current;
    await current.signIn();
    await current.open();
    await current.session!.awaitInSync();
    const id = randomUUID();
    await current.db.providers.insert(newLocalDoc('providers', { id, first_name: 'Ada', last_name: 'Unchanged', email: 'ada@clinic.test' }));
    await eventually(async () => expect(await current.db.providers.findOne(id).exec()).toMatchObject({ local_dirty: false }));

    // Another user changes the email on the server.
    await serviceClient().from('providers').update({ email: 'ada.new@clinic.test' }).eq('id', id).throwOnError();

    // The user saves the record as it is while RxDB writes the pulled row: between its read and its write.
    const storage = current.db.providers.storageInstance;
    const write = storage.bulkWrite.bind(storage);
    let saved: Promise<unknown> | null = null;
    storage.bulkWrite = async (rows, context) => {
      if (!saved && context.startsWith('replication-downstream') && rows.some((row) => row.document.id === id)) {
        const doc = (await current.db.providers.findOne(id).exec())!;
        saved = patchRecord(doc, { first_name: 'Ada', last_name: 'Unchanged', email: 'ada@clinic.test' });
        await saved;
      }
      return write(rows, context);
    };
    current.session!.engine.resync('providers');

    await eventually(async () => expect(await current.db.providers.findOne(id).exec()).toMatchObject({ email: 'ada.new@clinic.test', local_dirty: false }));
    expect(saved).not.toBeNull();
    await eventually(() => expect(current.state().pendingChanges).toBe(0));
  });
});
