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
  notices: SyncNotice[];
  /** Try again now: re-check the session, resync every table, drain the outbox. */
  retry: () => void;
  dismissNotice: (id: string) => void;
}

type StatusFields = Omit<SyncState, 'retry' | 'dismissNotice' | 'notices' | 'pendingChanges'>;

/** The most recent notices kept (older ones drop off). */
export const MAX_NOTICES = 20;

function initialState(): Omit<SyncState, 'retry' | 'dismissNotice'> {
  return {
    online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
    phase: 'paused',
    firstSync: { done: false, stored: 0, total: null },
    pendingChanges: 0,
    pendingRecords: 0,
    pendingCalls: 0,
    lastSyncedAt: null,
    lastError: null,
    pauseReason: 'not-started',
    leader: true,
    notices: [],
  };
}

export const syncStoreInitializer: StateCreator<SyncState> = (set) => ({
  ...initialState(),
  retry: () => {},
  dismissNotice: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
});

export const useSyncStore = create<SyncState>()(syncStoreInitializer);

/** How the data layer writes a sync store (never used by components). */
export interface SyncStatusApi {
  get(): SyncState;
  update(patch: Partial<StatusFields>): void;
  notify(message: string, kind: SyncNotice['kind']): SyncNotice;
  setRetry(action: () => void): void;
  reset(): void;
}

export function createSyncStatusApi(store: StoreApi<SyncState>): SyncStatusApi {
  return {
    get: () => store.getState(),
    update(patch) {
      const state = store.getState();
      const changed = (Object.keys(patch) as Array<keyof StatusFields>).some((key) => state[key] !== patch[key]);
      if (!changed) return;
      const pendingRecords = patch.pendingRecords ?? state.pendingRecords;
      const pendingCalls = patch.pendingCalls ?? state.pendingCalls;
      store.setState({ ...patch, pendingChanges: pendingRecords + pendingCalls });
    },
    notify(message, kind) {
      const notice: SyncNotice = { id: crypto.randomUUID(), message, at: new Date().toISOString(), kind };
      store.setState((state) => ({ notices: [...state.notices, notice].slice(-MAX_NOTICES) }));
      return notice;
    },
    setRetry(action) {
      store.setState({ retry: action });
    },
    reset() {
      store.setState({ ...initialState(), online: store.getState().online, retry: () => {} });
    },
  };
}

/** The app's sync status writer, bound to `useSyncStore`. */
export const syncStatus: SyncStatusApi = createSyncStatusApi(useSyncStore);
