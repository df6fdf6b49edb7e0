/**
 * Records created offline that reference each other (a provider, its preferences, its
 * membership of an organization) all reach the server, whatever order the tables' pushes
 * happen to run in: a child refused for its missing parent (23503) is sent again once the
 * parent is through — never dropped, never reported as an error.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

let browser: TestBrowser;

beforeAll(async () => {
  browser = new TestBrowser(await staffUser('push-order'), {
    tables: ['organizations', 'providers', 'provider_organization_memberships', 'provider_preferences'],
    // Children do not wait for their parents before the first send: force the 23503 path.
    timing: { parentWaitMs: 0 },
  });
  await browser.signIn();
  await browser.open();
});

afterAll(async () => {
  await browser?.dispose();
});

async function exists(table: string, id: string): Promise<boolean> {
  const { data } = await serviceClient().from(table).select('id').eq('id', id).maybeSingle();
  return data !== null;
}

describe('push order', () => {
  it('pushes children created offline before their parent without losing them', async () => {
    browser.network.setOnline(false);
    const organizationId = randomUUID();
    const providerId = randomUUID();
    const membershipId = randomUUID();
    const preferencesId = randomUUID();
    await browser.db.organizations.insert(newLocalDoc('organizations', { id: organizationId, legal_name: 'Order Clinic', type: 'healthcare' }));
    await browser.db.providers.insert(newLocalDoc('providers', { id: providerId, first_name: 'Mary', last_name: 'Parent' }));
    await browser.db.memberships.insert(
      newLocalDoc('provider_organization_memberships', { id: membershipId, provider_id: providerId, organization_id: organizationId }),
    );
    await browser.db.preferences.insert(
      newLocalDoc('provider_preferences', { id: preferencesId, provider_id: providerId, favorite_reports: ['mary@clinic.test'] }),
    );
    await eventually(() => expect(browser.state().pendingChanges).toBe(4));

    // The parents' pushes are slow: the children reach the server first.
    browser.network.pushDelayMs.set('providers', 1500);
    browser.network.pushDelayMs.set('organizations', 1500);
    browser.network.setOnline(true);

    await eventually(async () => {
      expect(await exists('provider_preferences', preferencesId)).toBe(true);
      expect(await exists('provider_organization_memberships', membershipId)).toBe(true);
    }, 30_000);
    expect(browser.network.timesPushed(preferencesId)).toBeGreaterThanOrEqual(2);
    const { data: preferences } = await serviceClient().from('provider_preferences').select('*').eq('id', preferencesId).single();
    expect(preferences).toMatchObject({ provider_id: providerId, favorite_reports: ['mary@clinic.test'], report_format: 'summary' });
    await eventually(() => expect(browser.state()).toMatchObject({ pendingChanges: 0, lastError: null, notices: [] }));
    expect(await browser.db.preferences.findOne(preferencesId).exec()).not.toBeNull();
  });
});
