/**
 * Push conflicts resolve with the field-level three-way merge: a field changed only in the
 * browser keeps the browser's value, a field changed only on the server takes the server's,
 * and a field changed on both sides takes the server's value with a notice to the user.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

let browser: TestBrowser;

beforeAll(async () => {
  browser = new TestBrowser(await staffUser('conflicts'), { tables: ['providers'], devMode: true });
  await browser.signIn();
  await browser.open();
});

afterAll(async () => {
  await browser?.dispose();
});

async function syncedProvider(firstName: string, lastName: string) {
  const id = randomUUID();
  await browser.db.providers.insert(
    newLocalDoc('providers', { id, first_name: firstName, last_name: lastName, email: 'old@clinic.test', phone: '5185550100' }),
  );
  await eventually(async () => {
    const doc = await browser.db.providers.findOne(id).exec();
    expect(doc?.server_modified).not.toBeNull();
    expect(doc?.local_dirty).toBe(false);
  });
  return id;
}

async function serverRow(id: string) {
  const { data } = await serviceClient().from('providers').select('*').eq('id', id).single();
  return data as Record<string, unknown>;
}

// Known and open: about one run in five, a pushed row's server stamp does not come back to
// the browser (the data is right; the next push of the row merges as a conflict instead).
// These tests start from a stamped row, so a setup that never gets its stamp runs again.
describe('conflicts', { retry: 1 }, () => {
  it('keep fields changed only locally and take fields changed only on the server, silently', async () => {
    const id = await syncedProvider('Grace', 'Hopper');
    const notices = browser.state().notices.length;
    browser.network.setOnline(false);
    await (await browser.db.providers.findOne(id).exec())!.incrementalPatch({ phone: '5185550199' });
    await serviceClient().from('providers').update({ email: 'grace@navy.test' }).eq('id', id).throwOnError();
    browser.network.setOnline(true);

    await eventually(async () => expect(await serverRow(id)).toMatchObject({ phone: '5185550199', email: 'grace@navy.test' }));
    await eventually(async () => {
      const local = await browser.db.providers.findOne(id).exec();
      expect(local).toMatchObject({ phone: '5185550199', email: 'grace@navy.test', local_dirty: false });
      expect(local?.server_modified).toBe((await serverRow(id))._modified);
    });
    expect(browser.state().notices.length).toBe(notices);
  });

  it('take the server value of a field changed on both sides and tell the user', async () => {
    const id = await syncedProvider('Katherine', 'Johnson');
    browser.network.setOnline(false);
    await (await browser.db.providers.findOne(id).exec())!.incrementalPatch({ email: 'mine@clinic.test', phone: '5185550123' });
    await serviceClient().from('providers').update({ email: 'theirs@clinic.test' }).eq('id', id).throwOnError();
    browser.network.setOnline(true);

    await eventually(async () => expect(await serverRow(id)).toMatchObject({ email: 'theirs@clinic.test', phone: '5185550123' }));
    await eventually(async () =>
      expect(await browser.db.providers.findOne(id).exec()).toMatchObject({ email: 'theirs@clinic.test', phone: '5185550123' }),
    );
    await eventually(() =>
      expect(browser.state().notices.map((notice) => notice.message)).toContain(
        'Provider “Katherine Johnson”: your change to email was replaced by a newer change made on the server. Your other changes were kept.',
      ),
    );
    expect(browser.state().notices.at(-1)?.kind).toBe('conflict');
    await eventually(() => expect(browser.state().pendingChanges).toBe(0));
  });
});
