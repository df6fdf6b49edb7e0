/**
 * A push the server applied but whose answer the browser never took: the connection reset
 * after the request went out and the page reloaded, or the answer arrived while sync was
 * paused (offline). Either way RxDB pushes the row again against the old master state; the
 * server reports its own earlier write as a conflict, and the user's newer edit made after
 * it must still win (it is the same browser's write, not a change made elsewhere).
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

async function openBrowser(name: string): Promise<TestBrowser> {
  const opened = new TestBrowser(await staffUser(name), { tables: ['providers'] });
  await opened.signIn();
  await opened.open();
  browser = opened;
  return opened;
}

async function serverRow(id: string) {
  const { data } = await serviceClient().from('providers').select('*').eq('id', id).single();
  return data as Record<string, unknown>;
}

async function syncedProvider(current: TestBrowser, lastName: string): Promise<string> {
  const id = randomUUID();
  await current.db.providers.insert(newLocalDoc('providers', { id, first_name: 'Ada', last_name: lastName, phone: '5185550100' }));
  // Pulled back too: the next push then assumes the server's row (with what the server set).
  await eventually(async () => {
    const doc = await current.db.providers.findOne(id).exec();
    expect(doc?.local_dirty).toBe(false);
    expect(doc?.server_modified).not.toBeNull();
  });
  return id;
}

async function setPhone(current: TestBrowser, id: string, phone: string): Promise<void> {
  await (await current.db.providers.findOne(id).exec())!.incrementalPatch({ phone });
}

async function expectSettled(current: TestBrowser, id: string, phone: string): Promise<void> {
  await eventually(async () => expect(await serverRow(id)).toMatchObject({ phone }));
  await eventually(async () => expect(await current.db.providers.findOne(id).exec()).toMatchObject({ phone, local_dirty: false }));
  await eventually(() => expect(current.state().pendingChanges).toBe(0));
}

// Known and open: about one run in five, a pushed row's server stamp does not come back to
// the browser (the data is right; the next push of the row merges as a conflict instead).
// These tests start from a stamped row, so a setup that never gets its stamp runs again.
describe('a push applied whose answer was lost', { retry: 1 }, () => {
  /** Phone 111 is applied but its answer lost; after a reload (still unanswered) the phone is set to `newer`. */
  async function editAfterReloadWithLostAnswer(name: string, newer: string): Promise<void> {
    const current = await openBrowser(name);
    const id = await syncedProvider(current, `${name} ${id8()}`);
    current.network.loseAnswers.set('providers', 1_000);
    await setPhone(current, id, '5185550111');
    await eventually(async () => expect(await serverRow(id)).toMatchObject({ phone: '5185550111' }));

    current.network.setOnline(false);
    current.network.loseAnswers.delete('providers');
    await current.close();
    await current.open();
    await setPhone(current, id, newer);
    current.network.setOnline(true);

    await expectSettled(current, id, newer);
  }

  it('does not let the older write beat a newer edit made after a reload', async () => {
    await editAfterReloadWithLostAnswer('lost-answer-reload', '5185550222');
  });

  it('keeps a newer edit that sets the field back to the value both sides had before', async () => {
    // 5185550100 is the phone the provider was synced with.
    await editAfterReloadWithLostAnswer('lost-answer-revert', '5185550100');
  });

  it('does not let the older write beat a newer edit when the answer came while sync was paused', async () => {
    const current = await openBrowser('lost-answer-paused');
    const id = await syncedProvider(current, `Paused ${id8()}`);
    const delayed = current.network.delayedPushes;
    current.network.pushDelayMs.set('providers', 1_500);
    await setPhone(current, id, '5185550333');
    // The push is on its way; the browser goes offline before the (accepting) answer arrives.
    await eventually(() => expect(current.network.delayedPushes).toBeGreaterThan(delayed));
    current.network.setOnline(false);
    await eventually(async () => expect(await serverRow(id)).toMatchObject({ phone: '5185550333' }));
    current.network.pushDelayMs.delete('providers');

    await setPhone(current, id, '5185550444');
    current.network.setOnline(true);

    await expectSettled(current, id, '5185550444');
  });
});

function id8(): string {
  return randomUUID().slice(0, 8);
}
