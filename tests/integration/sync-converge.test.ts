/**
 * Two browsers of two staff users replicate through the local stack and converge: what
 * one writes (offline-capable, into RxDB) the other sees, live, and back again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocalDoc } from '../../src/db/mapping/row-mapping.ts';
import { serviceClient, staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

const tables = ['organizations', 'providers', 'provider_preferences'] as const;
const TAXONOMY = { result_count: 1, results: [{ taxonomies: [{ code: '207Q00000X', desc: 'Family Medicine', primary: true, state: 'NY', license: 'L-1' }] }] };
let a: TestBrowser;
let b: TestBrowser;

beforeAll(async () => {
  a = new TestBrowser(await staffUser('converge-a'), { tables, devMode: true });
  b = new TestBrowser(await staffUser('converge-b'), { tables });
  await Promise.all([a.signIn(), b.signIn()]);
  await Promise.all([a.open(), b.open()]);
});

afterAll(async () => {
  await Promise.all([a?.dispose(), b?.dispose()]);
});

describe('two browsers', () => {
  it('converge on records created and edited on either side', async () => {
    const organizationId = randomUUID();
    const providerId = randomUUID();
    await a.db.organizations.insert(newLocalDoc('organizations', { id: organizationId, legal_name: 'Converge Clinic', type: 'healthcare' }));
    await a.db.providers.insert(
      newLocalDoc('providers', {
        id: providerId,
        first_name: 'Ada',
        last_name: 'Lovelace',
        default_organization_id: organizationId,
        // The taxonomy staff type in for a provider without registry data (the server refuses other nppes_data).
        nppes_data: TAXONOMY,
      }),
    );

    const seenByB = await eventually(async () => {
      const doc = await b.db.providers.findOne(providerId).exec();
      expect(doc?.last_name).toBe('Lovelace');
      return doc!;
    });
    expect(seenByB.local_dirty).toBe(false);
    expect(seenByB.nppes_data).toEqual(TAXONOMY);
    expect(seenByB.server_modified).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await seenByB.incrementalPatch({ phone: '5185550100', updated_at: new Date().toISOString() });
    await eventually(async () => {
      expect((await a.db.providers.findOne(providerId).exec())?.phone).toBe('5185550100');
    });

    const { data } = await serviceClient().from('providers').select('*').eq('id', providerId).single();
    expect(data).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', phone: '5185550100', _deleted: false });
    await eventually(() => {
      expect(a.state().pendingChanges).toBe(0);
      expect(b.state().pendingChanges).toBe(0);
      expect(a.state().phase).toBe('idle');
      expect(a.state().lastSyncedAt).not.toBeNull();
    });
  });
});
