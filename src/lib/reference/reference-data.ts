/**
 * The reference data in use on this device: loaded from the device's cache at once (also
 * offline), replaced by newer versions when the app starts online (and when it comes back
 * online after a failed attempt), and deleted on sign-out. Everything a page needs is one
 * immutable snapshot: hold on to it while entering an order, and record its `versions`
 * on the order, so the order says which compendium, ICD-10-CM and NCD versions it used.
 */
import { REFERENCE_DATA_SETS, type ReferenceAsset, type ReferenceDataMap, type ReferenceDataSetName, type ReferenceVersions } from '../lab/reference-types.ts';
import { buildCompendiumIndex, type CompendiumIndex } from './compendium-index.ts';
import { buildIcd10cmIndex, type Icd10cmIndex } from './icd10cm-index.ts';
import { buildNcdIndex, type NcdIndex } from './ncd-index.ts';
import { deleteReferenceCache, openReferenceCache, type IndexedDbDeps, type ReferenceCache } from './reference-cache.ts';
import type { ReferenceSource } from './reference-source.ts';

export interface ReferenceSetInfo {
  version: number;
  release: string;
  published_at: string | null;
}

export interface ReferenceData {
  compendium: CompendiumIndex;
  icd10cm: Icd10cmIndex;
  ncd: NcdIndex;
  /** What to record on an order (0: that data set has never been received). */
  versions: ReferenceVersions;
  sets: Record<ReferenceDataSetName, ReferenceSetInfo>;
}

export interface ReferenceState {
  /** `loading`: reading the device's copy; `ready`: data is there (maybe empty, see versions). */
  status: 'idle' | 'loading' | 'ready';
  data: ReferenceData | null;
  /** A refresh from the server is running. */
  refreshing: boolean;
  /** Why the last refresh failed (the cached data stays in use); null after a success. */
  error: string | null;
  /** When the device last confirmed it has the current versions (ISO), this session. */
  checkedAt: string | null;
}

const EMPTY: ReferenceDataMap = { compendium: { tests: [] }, icd10cm: { codes: [] }, ncd: { policies: [] } };

function emptyAsset<N extends ReferenceDataSetName>(name: N): ReferenceAsset<N> {
  return { name, version: 0, release: '', published_at: null, data: EMPTY[name] };
}

type Assets = { [N in ReferenceDataSetName]: ReferenceAsset<N> };

/** Builds the snapshot (and its search indexes) from one asset per data set. */
export function buildReferenceData(assets: Partial<Assets>): ReferenceData {
  const all = Object.fromEntries(REFERENCE_DATA_SETS.map((name) => [name, assets[name] ?? emptyAsset(name)])) as Assets;
  const info = (asset: ReferenceAsset): ReferenceSetInfo => ({ version: asset.version, release: asset.release, published_at: asset.published_at });
  return {
    compendium: buildCompendiumIndex(all.compendium.data),
    icd10cm: buildIcd10cmIndex(all.icd10cm.data),
    ncd: buildNcdIndex(all.ncd.data),
    versions: { compendium: all.compendium.version, icd10cm: all.icd10cm.version, ncd: all.ncd.version },
    sets: { compendium: info(all.compendium), icd10cm: info(all.icd10cm), ncd: info(all.ncd) },
  };
}

/** One device's reference data: its cache, its current snapshot and who is listening. */
export class ReferenceStore {
  private state: ReferenceState = { status: 'idle', data: null, refreshing: false, error: null, checkedAt: null };
  private readonly listeners = new Set<() => void>();
  private assets: Partial<Assets> = {};
  private cache: ReferenceCache | null = null;
  private loading: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  /** Bumped by clear(): work started before a clear does not write after it. */
  private generation = 0;

  constructor(private readonly deps?: IndexedDbDeps) {}

  getState = (): ReferenceState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<ReferenceState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private openCache(): ReferenceCache {
    this.cache ??= openReferenceCache(this.deps);
    return this.cache;
  }

  /** Reads the device's copy (once); resolves when the data is ready to use. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const generation = this.generation;
      this.set({ status: 'loading' });
      let stored: Awaited<ReturnType<ReferenceCache['readAll']>> = [];
      try {
        stored = await this.openCache().readAll();
      } catch (error) {
        console.error('[reference] reading the cached reference data failed', error);
      }
      if (generation !== this.generation) return;
      for (const item of stored) (this.assets as Record<string, ReferenceAsset>)[item.name] = item.asset;
      this.set({ status: 'ready', data: buildReferenceData(this.assets) });
    })();
    return this.loading;
  }

  /**
   * Asks the server for newer versions and replaces what changed (cache first, then the
   * snapshot). A failure keeps the data in use and is reported in `error`.
   */
  refresh(source: ReferenceSource): Promise<void> {
    this.refreshing ??= (async () => {
      const generation = this.generation;
      this.set({ refreshing: true });
      try {
        await this.load();
        const manifest = await source.manifest();
        const stale = manifest.data_sets.filter((entry) => this.assets[entry.name]?.version !== entry.version);
        // Fetched side by side; each is written to the cache before it is used.
        const fetched = await Promise.all(
          stale.map(async (entry) => {
            const asset = await source.asset(entry.name);
            return asset.name === entry.name ? asset : null;
          }),
        );
        let changed = false;
        for (const asset of fetched) {
          if (!asset || generation !== this.generation) continue;
          await this.openCache().write(asset);
          if (generation !== this.generation) return;
          (this.assets as Record<string, ReferenceAsset>)[asset.name] = asset;
          changed = true;
        }
        if (generation !== this.generation) return;
        this.set({
          ...(changed ? { data: buildReferenceData(this.assets) } : {}),
          error: null,
          checkedAt: new Date().toISOString(),
        });
      } catch (error) {
        if (generation === this.generation) this.set({ error: error instanceof Error ? error.message : String(error) });
      } finally {
        this.refreshing = null;
        if (generation === this.generation) this.set({ refreshing: false });
      }
    })();
    return this.refreshing;
  }

  /** Forgets the data and deletes the device's copy (sign-out). */
  async clear(): Promise<void> {
    this.generation += 1;
    this.loading = null;
    this.refreshing = null;
    this.assets = {};
    this.cache?.close();
    this.cache = null;
    this.set({ status: 'idle', data: null, refreshing: false, error: null, checkedAt: null });
    await deleteReferenceCache(this.deps);
  }
}
