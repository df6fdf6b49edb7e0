/** Saving a new provider into a real local database (RxDB on fake-indexeddb): the three writes, in order, and what stops them. */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalDatabase, type LocalDatabase } from '../../db/database.ts';
import { newLocalDoc } from '../../db/index.ts';
import { sampleNppesData, SAMPLE_NPI } from '../provider/nppes-sample.ts';
import { createProviderDefaults, createProviderSchema } from './create-provider-schema.ts';
import { CREATE_PROVIDER_FAILED, PROVIDER_ALREADY_EXISTS, USER_NOT_AUTHENTICATED } from './create-sequence.ts';
import { saveNewProvider, type NewProviderRequest, type SaveClock } from './save-new-provider.ts';

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
const opened: LocalDatabase[] = [];
let dbCounter = 0;

const ORG = '0a000000-0000-4000-8000-000000000001';
const USER = '0b000000-0000-4000-8000-000000000001';
const IDS = ['1c000000-0000-4000-8000-000000000001', '1c000000-0000-4000-8000-000000000002', '1c000000-0000-4000-8000-000000000003'];
const NOW = '2026-03-04T05:06:07.000Z';

function clock(): SaveClock {
  const ids = [...IDS];
  return { now: () => NOW, newId: () => ids.shift() ?? crypto.randomUUID() };
}

async function open(): Promise<LocalDatabase> {
  dbCounter += 1;
  const db = await openLocalDatabase(`save-new-provider-${dbCounter}`, {
    storage,
    devMode: true,
    multiInstance: false,
    tables: ['organizations', 'providers', 'provider_organization_memberships', 'provider_preferences'],
  });
  opened.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

function request(overrides: Partial<NewProviderRequest> = {}): NewProviderRequest {
  return {
    values: v.parse(createProviderSchema, {
      ...createProviderDefaults(),
      first_name: 'JANE',
      last_name: 'DOE',
      credential: 'M.D.',
      organization_id: ORG,
      email: 'jane@clinic.test',
      phone: '518-555-0100',
      fax_number: '518-555-0101',
      fax_notifications: true,
    }),
    providerType: 'individual',
    verification: { npi: SAMPLE_NPI, nppes_data: sampleNppesData() },
    userId: USER,
    ...overrides,
  };
}

describe('saveNewProvider', () => {
  it('writes the provider, then the membership, then the preferences, as local changes to sync', async () => {
    const db = await open();
    const order: string[] = [];
    const subscription = db.$.subscribe((event) => order.push(`${event.collectionName}:${event.operation}`));
    const outcome = await saveNewProvider(db, request(), clock());
    subscription.unsubscribe();

    expect(outcome).toEqual({
      ok: true,
      providerId: IDS[0],
      toast: { title: 'Provider Added', description: 'JANE DOE, MD has been added to the directory.', type: 'success' },
    });
    expect(order).toEqual(['providers:INSERT', 'memberships:INSERT', 'preferences:INSERT']);

    const provider = (await db.providers.findOne(IDS[0]).exec())?.toJSON();
    expect(provider).toMatchObject({
      npi: SAMPLE_NPI,
      first_name: 'JANE',
      last_name: 'DOE',
      default_organization_id: ORG,
      is_active: true,
      nppes_verified: true,
      created_by: USER,
      created_at: NOW,
      local_dirty: true,
      server_modified: null,
      npi_key: SAMPLE_NPI,
    });
    expect((await db.memberships.findOne(IDS[1]).exec())?.toJSON()).toMatchObject({
      provider_id: IDS[0],
      organization_id: ORG,
      is_active: true,
      assigned_by: USER,
      local_dirty: true,
    });
    expect((await db.preferences.findOne(IDS[2]).exec())?.toJSON()).toMatchObject({
      provider_id: IDS[0],
      in_app_notifications: true,
      email_notifications: false,
      fax_notifications: true,
      fax_number: '518-555-0101',
      favorite_reports: ['jane@clinic.test'],
      local_dirty: true,
    });
  });

  it('saves a non-healthcare provider without an NPI or registry data', async () => {
    const db = await open();
    const outcome = await saveNewProvider(db, request({ providerType: 'non_healthcare', verification: null }), clock());
    expect(outcome.ok).toBe(true);
    expect((await db.providers.findOne(IDS[0]).exec())?.toJSON()).toMatchObject({ npi: null, nppes_data: null, nppes_verified: false });
  });

  it("blocks an NPI already on this device with 'Provider Already Exists', writing nothing", async () => {
    const db = await open();
    await db.providers.insert(newLocalDoc('providers', { id: '2d000000-0000-4000-8000-000000000001', npi: SAMPLE_NPI, first_name: 'A', last_name: 'B' }));
    const outcome = await saveNewProvider(db, request(), clock());
    expect(outcome).toEqual({ ok: false, toast: PROVIDER_ALREADY_EXISTS });
    expect(outcome.ok || outcome.toast.description).toBe('A provider with this NPI already exists in the system.');
    expect(await db.providers.count().exec()).toBe(1);
    expect(await db.memberships.count().exec()).toBe(0);
  });

  it('lets the NPI of a removed provider be used again', async () => {
    const db = await open();
    const old = await db.providers.insert(
      newLocalDoc('providers', { id: '2d000000-0000-4000-8000-000000000002', npi: SAMPLE_NPI, first_name: 'A', last_name: 'B' }),
    );
    await old.remove();
    expect((await saveNewProvider(db, request(), clock())).ok).toBe(true);
  });

  it("says 'User not authenticated' without a user", async () => {
    const db = await open();
    expect(await saveNewProvider(db, request({ userId: null }), clock())).toEqual({ ok: false, toast: USER_NOT_AUTHENTICATED });
    expect(await db.providers.count().exec()).toBe(0);
  });

  it('undoes the earlier writes when a later one fails, and says so', async () => {
    const db = await open();
    // The preferences id the save will use is taken: its insert fails after the provider and membership were written.
    await db.preferences.insert(newLocalDoc('provider_preferences', { id: IDS[2]!, provider_id: '2d000000-0000-4000-8000-000000000003' }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await saveNewProvider(db, request(), clock());
    expect(logged).toHaveBeenCalledWith('[add-provider] saving the new provider failed', expect.anything());
    logged.mockRestore();
    expect(outcome).toEqual({ ok: false, toast: CREATE_PROVIDER_FAILED });
    expect(CREATE_PROVIDER_FAILED.description).toBe('Failed to add provider. Please try again.');
    expect(await db.providers.findOne(IDS[0]).exec()).toBeNull();
    expect(await db.memberships.findOne(IDS[1]).exec()).toBeNull();
  });
});
