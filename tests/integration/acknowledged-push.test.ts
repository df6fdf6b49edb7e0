/**
 * A pushed record is clean for the app as soon as the server has taken it, before the next
 * pull brings the server's stamp: the screens that wait for the server's answer (a saved
 * membership, preferences, a delegate) must not wait for a pull that may come much later.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, filter, timeout } from 'rxjs';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { serviceClient, signedInUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

let browser: TestBrowser | null = null;

afterEach(async () => {
  await browser?.dispose();
  browser = null;
});

describe('an acknowledged push', () => {
  it('reaches the app as a clean record without waiting for a pull', async () => {
    // Not live: no realtime-triggered pulls, and the periodic one is a minute away.
    browser = new TestBrowser(await signedInUser('acknowledged-push'), { tables: ['providers'], live: false });
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
});
