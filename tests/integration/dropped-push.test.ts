/**
 * A dirty record RxDB's upstream dropped is pushed anyway. RxDB's upstream forgets the rows
 * of a push cut short by a pause (offline, session lost), and a later push of other rows
 * stores an upstream checkpoint past them; from then on neither its change stream nor a
 * RESYNC (which starts at that checkpoint) sends them again: the soak saw such records stay
 * pending for good with sync idle and no error. This test puts a record in exactly that
 * state (written while paused, upstream checkpoint moved past it) and expects it pushed.
 */
import { randomUUID } from 'node:crypto';
import { setCheckpoint } from 'rxdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

let browser: TestBrowser;

beforeAll(async () => {
  browser = new TestBrowser(await staffUser('dropped-push'), { tables: ['providers'] });
  await browser.signIn();
  await browser.open();
});

afterAll(async () => {
  await browser?.dispose();
});

async function serverRow(id: string) {
  const { data } = await serviceClient().from('providers').select('*').eq('id', id).maybeSingle();
  return data as Record<string, unknown> | null;
}

describe('a dirty record the upstream checkpoint already passed', () => {
  it('is pushed once sync is back and idle, and stops counting as pending', async () => {
    const id = randomUUID();
    await browser.db.providers.insert(newLocalDoc('providers', { id, first_name: 'Lise', last_name: `Meitner ${id.slice(0, 8)}` }));
    await eventually(async () => expect(await browser.db.providers.findOne(id).exec()).toMatchObject({ local_dirty: false }));

    browser.network.setOnline(false);
    await eventually(() => expect(browser.state().phase).toBe('paused'));
    await (await browser.db.providers.findOne(id).exec())!.incrementalPatch({ phone: '5185550777' });
    const internal = browser.session!.engine.replicationOf('providers')!.internalReplicationState!;
    const [stored] = await browser.db.providers.storageInstance.findDocumentsById([id], false);
    // What the race leaves behind: the upstream checkpoint is past the unpushed write.
    await setCheckpoint(internal, 'up', { id, lwt: stored!._meta.lwt });
    await internal.checkpointQueue;

    browser.network.setOnline(true);
    await eventually(async () => expect(await serverRow(id)).toMatchObject({ phone: '5185550777' }));
    await eventually(async () => expect(await browser.db.providers.findOne(id).exec()).toMatchObject({ phone: '5185550777', local_dirty: false }));
    await eventually(() => expect(browser.state().pendingChanges).toBe(0));
  });
});
