/**
 * A newer server version pulled while this browser's own push of the record is still
 * unanswered: RxDB's downstream sees a local write it has not recorded as pushed and sets
 * the pulled version aside ("the upstream resolves it"), and its checkpoint moves past it.
 * But the push was applied before that newer version was written, so it is answered without
 * a conflict, and nothing would bring the newer version down: the browser would keep a
 * stale copy, clean, until the record changes on the server again. The pull waits for the
 * table's pushes (10 s at most, src/db/replication/pull-handler.ts), so this takes a push
 * answered later than that, as a child's push waiting for its parents can be.
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

describe('a server version pulled while the push of the same record is unanswered', () => {
  it("still reaches the local copy when the push outlasts the pull's wait for it", async () => {
    const current = new TestBrowser(await staffUser('pull-during-slow-push'), { tables: ['providers'] });
    browser = current;
    await current.signIn();
    await current.open();
    const id = randomUUID();
    await current.db.providers.insert(newLocalDoc('providers', { id, first_name: 'Ada', last_name: `Outlasted ${id.slice(0, 8)}`, phone: '5185550100', email: 'ada@clinic.test' }));
    await eventually(async () => expect(await current.db.providers.findOne(id).exec()).toMatchObject({ local_dirty: false, server_modified: expect.any(String) }));

    // Offline, the user edits the phone. Back online, the push is applied at once but
    // answered only after the pull stopped waiting for it; a colleague changes the email
    // right after the push was applied.
    current.network.setOnline(false);
    await (await current.db.providers.findOne(id).exec())!.incrementalPatch({ phone: '5185550199' });
    current.network.answerDelayMs.set('providers', 12_000);
    current.network.setOnline(true);
    await eventually(async () => expect(await serverRow(id)).toMatchObject({ phone: '5185550199' }));
    await serviceClient().from('providers').update({ email: 'ada.new@clinic.test' }).eq('id', id).throwOnError();
    current.network.answerDelayMs.delete('providers');

    await eventually(async () =>
      expect(await current.db.providers.findOne(id).exec()).toMatchObject({ phone: '5185550199', email: 'ada.new@clinic.test', local_dirty: false }),
    );
    expect(await serverRow(id)).toMatchObject({ phone: '5185550199', email: 'ada.new@clinic.test' });
    expect(current.state().notices).toEqual([]);
  }, 120_000);
});
