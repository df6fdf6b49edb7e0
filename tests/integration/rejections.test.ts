/**
 * Changes the server refuses (row-level security, check and unique constraints) are not
 * lost silently and not retried forever: the local record is reset to the server's version,
 * or removed when the server has none, and the user is told what was refused and why.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

let browser: TestBrowser;

beforeAll(async () => {
  browser = new TestBrowser(await staffUser('rejections'), { tables: ['providers', 'profiles', 'user_roles'] });
  await browser.signIn();
  await browser.open();
  await browser.session!.awaitInSync();
});

afterAll(async () => {
  await browser?.dispose();
});

function noticeMessages(): string[] {
  return browser.state().notices.map((notice) => notice.message);
}

async function settle(): Promise<void> {
  await eventually(() => expect(browser.state().pendingChanges).toBe(0));
  await browser.session!.awaitInSync();
}

describe('refused changes', () => {
  it('reset an update refused by a check constraint to the server version, with a notice', async () => {
    const id = randomUUID();
    await browser.db.providers.insert(newLocalDoc('providers', { id, first_name: 'Valid', last_name: 'Npi', npi: '1234567893' }));
    await settle();
    const doc = await browser.db.providers.findOne(id).exec();
    await doc!.incrementalPatch({ npi: '1234567890', phone: '5185550100' });

    await eventually(async () => expect(await browser.db.providers.findOne(id).exec()).toMatchObject({ npi: '1234567893', phone: null, local_dirty: false }));
    await eventually(() =>
      expect(noticeMessages()).toContainEqual(
        expect.stringMatching(
          /^Your change to provider “Valid Npi” was refused: a value is not allowed \(.*providers_npi_check.*\)\. It was reset to the version on the server\.$/,
        ),
      ),
    );
    await settle();
    const pushes = browser.network.timesPushed(id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(browser.network.timesPushed(id)).toBe(pushes);
  });

  it('remove a new record refused as a duplicate, with a notice', async () => {
    const npi = '1558598797';
    const original = randomUUID();
    await serviceClient().from('providers').insert({ id: original, first_name: 'First', last_name: 'Holder', npi }).throwOnError();
    const duplicate = randomUUID();
    await browser.db.providers.insert(newLocalDoc('providers', { id: duplicate, first_name: 'Second', last_name: 'Holder', npi }));

    await eventually(async () => expect(await browser.db.providers.findOne(duplicate).exec()).toBeNull());
    expect(noticeMessages()).toContainEqual(
      expect.stringMatching(
        /^Your change to provider “Second Holder” was refused: it would duplicate an existing record \(.*\)\. It was removed from this device because the server has no copy of it\.$/,
      ),
    );
    await eventually(async () => expect((await browser.db.providers.findOne(original).exec())?.last_name).toBe('Holder'));
    await settle();
    expect(browser.network.timesPushed(duplicate)).toBe(1);
    await serviceClient().from('providers').update({ _deleted: true }).eq('id', original).throwOnError();
  });

  it('remove a row refused by row-level security (a staff user granting a role), with a notice', async () => {
    const id = randomUUID();
    await browser.db.user_roles.insert(newLocalDoc('user_roles', { id, user_id: browser.user.id, role: 'admin' }));

    await eventually(async () => expect(await browser.db.user_roles.findOne(id).exec()).toBeNull());
    expect(noticeMessages()).toContainEqual(
      expect.stringMatching(/^Your change to the “admin” role of “.+” was refused: you do not have permission to make this change/),
    );
    const { data } = await serviceClient().from('user_roles').select('id').eq('id', id);
    expect(data).toEqual([]);
    await settle();
    expect(browser.state().lastError).toBeNull();
  });
});
