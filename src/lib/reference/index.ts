/**
 * The reference data for the app (docs/reference-data.md): the test compendium, ICD-10-CM
 * and Medicare's lab NCDs, cached on the device as versioned assets.
 *
 *   startReferenceData()    after sign-in: the cached copy at once, then newer versions
 *                           when online (and again when the connection comes back)
 *   useReferenceData()      React: { status, data, refreshing, error, checkedAt }
 *   getReferenceData()      the current snapshot outside React (null before it loaded)
 *   loadReferenceData()     resolves when the snapshot is ready (cached copy read)
 *   refreshReferenceData()  ask the server now (e.g. after an import)
 *   clearReferenceData()    sign-out: forget it and delete the device's copy
 *
 * A snapshot (`ReferenceData`) is immutable: `compendium`, `icd10cm`, `ncd` (indexes with
 * search) and `versions`, to record on an order.
 */
import { env } from '../env.ts';
import { referenceStore as store } from './app-store.ts';
import type { ReferenceData } from './reference-data.ts';
import { functionSource, type ReferenceSource } from './reference-source.ts';

let onlineListener: (() => void) | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelayMs = 0;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 120_000;

function defaultSource(): ReferenceSource {
  return functionSource({
    supabaseUrl: env.supabaseUrl,
    anonKey: env.supabaseAnonKey,
    accessToken: async () => {
      const { supabase } = await import('../supabase.ts');
      const { data } = await supabase.auth.getSession();
      return data.session?.access_token ?? null;
    },
  });
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function loadReferenceData(): Promise<void> {
  return store.load();
}

export function refreshReferenceData(source: ReferenceSource = defaultSource()): Promise<void> {
  return store.refresh(source);
}

/**
 * Asks the server until this session has checked once: a failed check (the server or the
 * connection) is tried again with a growing delay while online, and at once when the
 * connection comes back. A device without a copy is not complete until then.
 */
function checkUntilDone(): void {
  if (retryTimer || store.getState().checkedAt !== null || !isOnline()) return;
  void refreshReferenceData().then(() => {
    if (store.getState().checkedAt !== null || !onlineListener) return;
    retryDelayMs = Math.min(Math.max(retryDelayMs * 2, FIRST_RETRY_MS), MAX_RETRY_MS);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      checkUntilDone();
    }, retryDelayMs);
  });
}

/** Loads the cached copy, then checks for newer versions when online. Idempotent. */
export function startReferenceData(): Promise<void> {
  const loaded = store.load();
  if (typeof window !== 'undefined' && !onlineListener) {
    onlineListener = () => {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      checkUntilDone();
    };
    window.addEventListener('online', onlineListener);
  }
  if (isOnline() && store.getState().checkedAt === null) void loaded.then(checkUntilDone);
  return loaded;
}

export async function clearReferenceData(): Promise<void> {
  if (onlineListener && typeof window !== 'undefined') window.removeEventListener('online', onlineListener);
  onlineListener = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  retryDelayMs = 0;
  await store.clear();
}

export function getReferenceData(): ReferenceData | null {
  return store.getState().data;
}

export { referenceStore } from './app-store.ts';
export { useReferenceData } from './use-reference-data.ts';
export { buildReferenceData, ReferenceStore, type ReferenceData, type ReferenceSetInfo, type ReferenceState } from './reference-data.ts';
export { functionSource, ReferenceFetchError, type ReferenceSource } from './reference-source.ts';
export { referenceCopy, type ReferenceCopy } from './reference-copy.ts';
export type { CompendiumIndex } from './compendium-index.ts';
export type { Icd10cmIndex, Icd10cmItem } from './icd10cm-index.ts';
export type { NcdIndex } from './ncd-index.ts';
