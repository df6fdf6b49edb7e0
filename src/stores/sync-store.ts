/**
 * What the UI shows about synchronisation: online or not, what the replication is doing,
 * the first sync's progress, how many local changes the server has not acknowledged yet
 * (sign-out warns on it), when the last sync finished, the last error, and notices about
 * records the server refused or changed under the user's edits. The data layer (src/db)
 * writes it through `syncStatus`; components read `useSyncStore` and call `retry` /
 * `dismissNotice`.
 */
import { create } from 'zustand';
import type { StateCreator, StoreApi } from 'zustand';

export type SyncPhase = 'idle' | 'pulling' | 'pushing' | 'paused' | 'error';

/** Why synchronisation is paused, when it is. */
export type PauseReason = 'offline' | 'signed-out' | 'not-started' | null;

export interface SyncNotice {
  id: string;
  message: string;
  /** ISO time the notice was raised. */
  at: string;
  kind: 'conflict' | 'rejected';
}

export interface FirstSyncProgress {
  done: boolean;
  /** Rows of the first download written to this device so far. */
  stored: number;
  /** How many rows the server has for this user (null until asked). */
  total: number | null;
  /**
   * Whether this device's record of its first download has been read (at start, until the
   * database is open, `done` is not known yet: a reload must not take a device whose copy
   * is complete for a new one).
   */
  checked?: boolean;
}

export interface SyncState {
  online: boolean;
  phase: SyncPhase;
  firstSync: FirstSyncProgress;
  /** Local changes not acknowledged by the server: edited records plus queued online-only calls. */
  pendingChanges: number;
  /** Edited records waiting to be pushed (part of pendingChanges). */
  pendingRecords: number;
  /** Queued or running outbox calls (part of pendingChanges). */
  pendingCalls: number;
  lastSyncedAt: string | null;
  lastError: string | null;
  pauseReason: PauseReason;
  /** False in a tab that leaves the syncing to another tab of the same browser. */
  leader: boolean;
  /**
   * A part's first download (the patient records', once they are open) is known to be under
   * way: the device's copy is not complete until it is through, whatever the main sync says.
   */
  partsDownloading: boolean;
  notices: SyncNotice[];
  /** Try again now: re-check the session, resync every table, drain the outbox. */
  retry: () => void;
  dismissNotice: (id: string) => void;
}

type StatusFields = Omit<SyncState, 'retry' | 'dismissNotice' | 'notices' | 'pendingChanges' | 'partsDownloading'>;

/** The most recent notices kept (older ones drop off). */
export const MAX_NOTICES = 20;

function initialState(): Omit<SyncState, 'retry' | 'dismissNotice'> {
  return {
    online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
    phase: 'paused',
    firstSync: { done: false, stored: 0, total: null, checked: false },
    pendingChanges: 0,
    pendingRecords: 0,
    pendingCalls: 0,
    lastSyncedAt: null,
    lastError: null,
    pauseReason: 'not-started',
    leader: true,
    partsDownloading: false,
    notices: [],
  };
}

export const syncStoreInitializer: StateCreator<SyncState> = (set) => ({
  ...initialState(),
  retry: () => {},
  dismissNotice: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
});

export const useSyncStore = create<SyncState>()(syncStoreInitializer);

/**
 * Whether this device's first download is known to be under way: not before the device's
 * record of it has been read (at start, `done` is false until then even on a device that
 * holds its whole copy).
 */
export const selectFirstDownloadUnderway = (state: Pick<SyncState, 'firstSync'>): boolean => state.firstSync.checked === true && !state.firstSync.done;

/** How the data layer writes a sync store (never used by components). */
export interface SyncStatusApi {
  get(): SyncState;
  update(patch: Partial<StatusFields>): void;
  notify(message: string, kind: SyncNotice['kind']): SyncNotice;
  setRetry(action: () => void): void;
  reset(): void;
  /**
   * A second writer of the same store: the sync of another database of the same user (the
   * protected database, src/db/protected). Its pending records add to the count, its
   * activity and errors show when the main sync is not paused, its first download under way
   * sets `partsDownloading`, and `retry` runs both; the connection, first-sync and
   * last-synced fields stay the main sync's.
   */
  part(name: string): SyncStatusApi;
}

/** What a part adds to the store. */
type PartFields = Pick<StatusFields, 'pendingRecords' | 'phase' | 'lastError'> & { firstSync: FirstSyncProgress | null };

const PHASE_WEIGHT: Record<SyncPhase, number> = { paused: 0, idle: 1, pulling: 2, pushing: 3, error: 4 };

export function createSyncStatusApi(store: StoreApi<SyncState>): SyncStatusApi {
  const own: Omit<PartFields, 'firstSync'> = { pendingRecords: 0, phase: initialState().phase, lastError: null };
  const parts = new Map<string, PartFields & { retry: () => void }>();
  let ownRetry: () => void = () => {};

  /** The store's merged fields from the main writer's own values and the parts'. */
  function merged(pendingCalls: number): Partial<SyncState> {
    let pendingRecords = own.pendingRecords;
    let phase = own.phase;
    let lastError = own.lastError;
    let partsDownloading = false;
    for (const part of parts.values()) {
      pendingRecords += part.pendingRecords;
      if (own.phase !== 'paused' && PHASE_WEIGHT[part.phase] > PHASE_WEIGHT[phase]) phase = part.phase;
      lastError ??= part.lastError;
      if (part.firstSync?.checked && !part.firstSync.done) partsDownloading = true;
    }
    return { pendingRecords, phase, lastError, partsDownloading, pendingChanges: pendingRecords + pendingCalls };
  }

  function publish(patch: Partial<StatusFields> = {}): void {
    const state = store.getState();
    const next = { ...patch, ...merged(patch.pendingCalls ?? state.pendingCalls) };
    const changed = (Object.keys(next) as Array<keyof SyncState>).some((key) => state[key] !== next[key]);
    if (changed) store.setState(next);
  }

  function installRetry(): void {
    store.setState({
      retry: () => {
        ownRetry();
        for (const part of parts.values()) part.retry();
      },
    });
  }

  const notify = (message: string, kind: SyncNotice['kind']): SyncNotice => {
    const notice: SyncNotice = { id: crypto.randomUUID(), message, at: new Date().toISOString(), kind };
    store.setState((state) => ({ notices: [...state.notices, notice].slice(-MAX_NOTICES) }));
    return notice;
  };

  const api: SyncStatusApi = {
    get: () => store.getState(),
    update(patch) {
      if (patch.pendingRecords !== undefined) own.pendingRecords = patch.pendingRecords;
      if (patch.phase !== undefined) own.phase = patch.phase;
      if (patch.lastError !== undefined) own.lastError = patch.lastError;
      publish(patch);
    },
    notify,
    setRetry(action) {
      ownRetry = action;
      installRetry();
    },
    reset() {
      Object.assign(own, { pendingRecords: 0, phase: initialState().phase, lastError: null });
      ownRetry = () => {};
      store.setState({ ...initialState(), online: store.getState().online });
      installRetry();
      publish();
    },
    part(name) {
      const fields = () => {
        let part = parts.get(name);
        if (!part) parts.set(name, (part = { pendingRecords: 0, phase: 'paused', lastError: null, firstSync: null, retry: () => {} }));
        return part;
      };
      const partApi: SyncStatusApi = {
        get: () => store.getState(),
        update(patch) {
          const part = fields();
          if (patch.pendingRecords !== undefined) part.pendingRecords = patch.pendingRecords;
          if (patch.phase !== undefined) part.phase = patch.phase;
          if (patch.lastError !== undefined) part.lastError = patch.lastError;
          if (patch.firstSync !== undefined) part.firstSync = patch.firstSync;
          publish();
        },
        notify,
        setRetry(action) {
          fields().retry = action;
          installRetry();
        },
        reset() {
          parts.delete(name);
          installRetry();
          publish();
        },
        part: (other) => api.part(other),
      };
      return partApi;
    },
  };
  return api;
}

/** The app's sync status writer, bound to `useSyncStore`. */
export const syncStatus: SyncStatusApi = createSyncStatusApi(useSyncStore);
