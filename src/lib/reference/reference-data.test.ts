/** The device's reference data over fake-indexeddb: cached copy first, newer versions replace it, sign-out deletes it. */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReferenceAsset, ReferenceDataSetName, ReferenceManifest } from '../lab/reference-types.ts';
import { openReferenceCache } from './reference-cache.ts';
import { ReferenceStore, buildReferenceData } from './reference-data.ts';
import { functionSource, type ReferenceSource } from './reference-source.ts';
import { referenceCopy } from './reference-copy.ts';

const deps = { indexedDB, IDBKeyRange };

function compendium(version: number, name: string): ReferenceAsset<'compendium'> {
  return {
    name: 'compendium', version, release: `R${version}`, published_at: '2026-05-01T00:00:00Z',
    data: { tests: [{ code: 'GLU', name, loinc: null, specimen_type: 'Serum', container: 'SST', volume: '', transport_temperature: 'ambient', stability: '', cpt_codes: ['82947'], turnaround: '', is_panel: false, panel_members: [], active: true, questions: [], critical_range: null }] },
  };
}
const icd = (version: number): ReferenceAsset<'icd10cm'> => ({ name: 'icd10cm', version, release: 'FY', published_at: null, data: { codes: [['I10', 1, 'Hypertension', 'Essential (primary) hypertension']] } });

/** A server that holds given assets and counts what it is asked. */
function server(assets: ReferenceAsset[]): ReferenceSource & { requests: string[] } {
  const requests: string[] = [];
  return {
    requests,
    async manifest(): Promise<ReferenceManifest> {
      requests.push('manifest');
      return { data_sets: assets.map((asset) => ({ name: asset.name, version: asset.version, release: asset.release, published_at: asset.published_at, item_count: 1, etag: `"${asset.name}-v${asset.version}"` })) };
    },
    async asset(name: ReferenceDataSetName) {
      requests.push(name);
      return assets.find((asset) => asset.name === name)!;
    },
  };
}

const stores: ReferenceStore[] = [];
function newStore(): ReferenceStore {
  const store = new ReferenceStore(deps);
  stores.push(store);
  return store;
}

afterEach(async () => {
  for (const store of stores.splice(0)) await store.clear();
});

describe('ReferenceStore', () => {
  it('is ready and empty (versions 0) on a device that never received anything', async () => {
    const store = newStore();
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'ready', refreshing: false, error: null });
    expect(store.getState().data!.versions).toEqual({ compendium: 0, icd10cm: 0, ncd: 0 });
  });

  it('fetches every data set, caches it, and serves it offline on the next start', async () => {
    const first = newStore();
    const source = server([compendium(3, 'Glucose'), icd(2)]);
    await first.refresh(source);
    expect(source.requests).toEqual(['manifest', 'compendium', 'icd10cm']);
    expect(first.getState().data!.versions).toEqual({ compendium: 3, icd10cm: 2, ncd: 0 });
    expect(first.getState().checkedAt).not.toBeNull();

    // The next start, offline: the cached copy, without asking anybody.
    const next = new ReferenceStore(deps);
    await next.load();
    expect(next.getState().data!.versions).toEqual({ compendium: 3, icd10cm: 2, ncd: 0 });
    expect(next.getState().data!.compendium.get('GLU')?.name).toBe('Glucose');
    expect(next.getState().data!.icd10cm.isChoosable('I10')).toBe(true);
  });

  it('asks only for the data sets whose version changed', async () => {
    const store = newStore();
    await store.refresh(server([compendium(3, 'Glucose'), icd(2)]));
    const before = store.getState().data!;
    const newer = server([compendium(4, 'Glucose, serum'), icd(2)]);
    await store.refresh(newer);
    expect(newer.requests).toEqual(['manifest', 'compendium']);
    const after = store.getState().data!;
    expect(after).not.toBe(before);
    expect(after.compendium.get('GLU')?.name).toBe('Glucose, serum');
    expect(before.compendium.get('GLU')?.name).toBe('Glucose'); // a held snapshot never changes
    expect(after.sets.compendium).toEqual({ version: 4, release: 'R4', published_at: '2026-05-01T00:00:00Z' });
  });

  it('keeps the snapshot when nothing changed, or when the server answers another data set', async () => {
    const store = newStore();
    await store.refresh(server([compendium(3, 'Glucose')]));
    const before = store.getState().data;
    await store.refresh(server([compendium(3, 'Glucose')]));
    expect(store.getState().data).toBe(before);
    const confused: ReferenceSource = { ...server([compendium(5, 'x')]), asset: async () => icd(9) };
    await store.refresh(confused);
    expect(store.getState().data).toBe(before);
  });

  it('keeps the data in use when a refresh fails, and says why', async () => {
    const store = newStore();
    await store.refresh(server([compendium(3, 'Glucose')]));
    const failing: ReferenceSource = { manifest: async () => Promise.reject(new Error('offline')), asset: async () => icd(1) };
    await store.refresh(failing);
    expect(store.getState()).toMatchObject({ status: 'ready', refreshing: false, error: 'offline' });
    expect(store.getState().data!.versions.compendium).toBe(3);
  });

  it('runs one refresh at a time and tells listeners', async () => {
    const store = newStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    const source = server([compendium(1, 'Glucose')]);
    await Promise.all([store.refresh(source), store.refresh(source)]);
    unsubscribe();
    expect(source.requests.filter((request) => request === 'manifest')).toHaveLength(1);
    expect(calls).toBeGreaterThan(0);
  });

  it('forgets everything and deletes the cache on sign-out', async () => {
    const store = newStore();
    await store.refresh(server([compendium(3, 'Glucose')]));
    await store.clear();
    expect(store.getState()).toEqual({ status: 'idle', data: null, refreshing: false, error: null, checkedAt: null });
    const cache = openReferenceCache(deps);
    expect(await cache.readAll()).toEqual([]);
    cache.close();
  });
});

describe('buildReferenceData', () => {
  it('fills a data set never received with an empty version 0', () => {
    const data = buildReferenceData({ icd10cm: icd(7) });
    expect(data.versions).toEqual({ compendium: 0, icd10cm: 7, ncd: 0 });
    expect(data.compendium.tests).toEqual([]);
    expect(data.sets.compendium).toEqual({ version: 0, release: '', published_at: null });
  });
});

describe('functionSource', () => {
  const asset = compendium(3, 'Glucose');
  function fakeFetch(answer: () => Response) {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      calls.push({ url, headers: init?.headers as Record<string, string> });
      return answer();
    }) as unknown as typeof fetch;
    return { calls, fetcher };
  }
  const options = (fetcher: typeof fetch, token: string | null = 'jwt') => ({ supabaseUrl: 'http://stack/', anonKey: 'anon', accessToken: async () => token, fetch: fetcher });

  it('reads the manifest and an asset with the token and the key', async () => {
    const { calls, fetcher } = fakeFetch(() => new Response(JSON.stringify(asset), { status: 200 }));
    expect(await functionSource(options(fetcher)).asset('compendium')).toEqual(asset);
    expect(calls).toEqual([{ url: 'http://stack/functions/v1/reference-data?set=compendium', headers: { apikey: 'anon', Authorization: 'Bearer jwt' } }]);
    const manifest = fakeFetch(() => new Response(JSON.stringify({ data_sets: [] }), { status: 200 }));
    expect(await functionSource(options(manifest.fetcher)).manifest()).toEqual({ data_sets: [] });
    expect(manifest.calls[0]!.url).toBe('http://stack/functions/v1/reference-data');
  });

  it('reports the server’s message, the status, or the network failure', async () => {
    const refused = fakeFetch(() => new Response(JSON.stringify({ error: 'Reference data is for users with a role.' }), { status: 403 }));
    await expect(functionSource(options(refused.fetcher)).manifest()).rejects.toMatchObject({ message: 'Reference data is for users with a role.', status: 403 });
    const broken = fakeFetch(() => new Response('<html>', { status: 502 }));
    await expect(functionSource(options(broken.fetcher)).manifest()).rejects.toMatchObject({ message: 'The reference data could not be fetched (HTTP 502).', status: 502 });
    const down = (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(functionSource(options(down)).manifest()).rejects.toMatchObject({ message: 'The reference data could not be fetched (Failed to fetch).', status: null });
    const { calls, fetcher } = fakeFetch(() => new Response('{}'));
    await expect(functionSource(options(fetcher, null)).manifest()).rejects.toMatchObject({ message: 'Not signed in: the reference data is fetched once the session is back.' });
    expect(calls).toEqual([]);
  });
});

describe('referenceCopy: whether the device holds the reference data', () => {
  const failing: ReferenceSource = {
    manifest: () => Promise.reject(new Error('The reference data could not be fetched (HTTP 503).')),
    asset: () => Promise.reject(new Error('unreachable')),
  };

  it('is downloading until the first copy is in, stored once the server confirmed it', async () => {
    const store = newStore();
    expect(referenceCopy(store.getState())).toEqual({ reference: 'downloading', referenceError: null });
    await store.load();
    expect(referenceCopy(store.getState()).reference).toBe('downloading');
    await store.refresh(server([compendium(1, 'Glucose'), icd(1)]));
    // The server publishes no NCDs: confirmed this session, so nothing is missing.
    expect(referenceCopy(store.getState())).toEqual({ reference: 'stored', referenceError: null });
  });

  it('says why a device that never received a data set failed, and keeps a copy from before as complete', async () => {
    const fresh = newStore();
    await fresh.refresh(failing);
    expect(referenceCopy(fresh.getState())).toEqual({ reference: 'failed', referenceError: 'The reference data could not be fetched (HTTP 503).' });

    const earlier = newStore();
    await earlier.refresh(server([compendium(1, 'Glucose'), icd(1), { name: 'ncd', version: 1, release: 'Q1', published_at: null, data: { policies: [] } }]));
    const later = newStore();
    await later.refresh(failing);
    expect(later.getState().error).not.toBeNull();
    expect(referenceCopy(later.getState())).toEqual({ reference: 'stored', referenceError: null });
  });
});
