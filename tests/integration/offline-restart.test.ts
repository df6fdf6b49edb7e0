/**
 * Offline work survives a restart: edits made with no connection stay in IndexedDB when
 * the app is closed, are still pending after it is opened again, and are pushed exactly
 * once when the connection comes back. Sync pauses (nothing is dropped) while the session
 * is gone and resumes when the same user signs in again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

const tables = ['organizations', 'providers'] as const;
let browser: TestBrowser;

beforeAll(async () => {
  browser = new TestBrowser(await staffUser('offline'), { tables });
  await browser.signIn();
  await browser.open();
  await browser.session!.awaitInSync();
});

afterAll(async () => {
  await browser?.dispose();
});

async function serverRow(table: string, id: string) {
  const { data } = await serviceClient().from(table).select('*').eq('id', id).maybeSingle();
  return data as Record<string, unknown> | null;
}

describe('offline edits', () => {
  it('survive closing the app and push exactly once when back online', async () => {
    const existingId = randomUUID();
    await browser.db.organizations.insert(newLocalDoc('organizations', { id: existingId, legal_name: 'Before Offline', type: 'healthcare' }));
    await eventually(async () => expect(await serverRow('organizations', existingId)).not.toBeNull());
    await eventually(() => expect(browser.state().pendingChanges).toBe(0));

    browser.network.setOnline(false);
    await eventually(() => expect(browser.state()).toMatchObject({ online: false, phase: 'paused', pauseReason: 'offline' }));
    const createdId = randomUUID();
    await browser.db.organizations.insert(newLocalDoc('organizations', { id: createdId, legal_name: 'Made Offline', type: 'non_healthcare' }));
    const existing = await browser.db.organizations.findOne(existingId).exec();
    await existing!.incrementalPatch({ legal_name: 'Renamed Offline' });
    await eventually(() => expect(browser.state().pendingChanges).toBe(2));

    // Close the app while offline, then open it again on the same IndexedDB.
    await browser.close();
    await browser.open();
    expect((await browser.db.organizations.findOne(createdId).exec())?.local_dirty).toBe(true);
    await eventually(() => expect(browser.state().pendingChanges).toBe(2));
    expect(await serverRow('organizations', createdId)).toBeNull();
    expect((await serverRow('organizations', existingId))?.legal_name).toBe('Before Offline');

    browser.network.setOnline(true);
    await eventually(async () => {
      expect((await serverRow('organizations', createdId))?.legal_name).toBe('Made Offline');
      expect((await serverRow('organizations', existingId))?.legal_name).toBe('Renamed Offline');
    });
    await eventually(() => expect(browser.state().pendingChanges).toBe(0));
    await browser.session!.awaitInSync();
    expect(browser.network.timesPushed(createdId)).toBe(1);
    expect(browser.network.timesPushed(existingId)).toBe(2); // the insert before going offline, then the rename
    // The server's stamp of the pushed row comes back with the next pull.
    await eventually(async () => {
      const local = await browser.db.organizations.findOne(createdId).exec();
      expect(local?.server_modified).toBe((await serverRow('organizations', createdId))?._modified);
    });
  });

  it('pause while the session is gone and resume for the same user', async () => {
    await browser.client.auth.signOut({ scope: 'local' });
    await eventually(() => expect(browser.state()).toMatchObject({ phase: 'paused', pauseReason: 'signed-out' }));
    const id = randomUUID();
    await browser.db.organizations.insert(newLocalDoc('organizations', { id, legal_name: 'Signed Out Edit', type: 'healthcare' }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await serverRow('organizations', id)).toBeNull();
    expect(browser.state().pendingChanges).toBe(1);

    await browser.signIn();
    await eventually(async () => expect((await serverRow('organizations', id))?.legal_name).toBe('Signed Out Edit'));
    await eventually(() => expect(browser.state()).toMatchObject({ pendingChanges: 0, phase: 'idle', pauseReason: null }));
  });
});
