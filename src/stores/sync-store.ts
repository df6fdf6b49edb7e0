/**
 * What the UI shows about synchronisation: online or not, what the replication is doing,
 * the first sync's progress, how many local changes the server has not acknowledged yet
 * (sign-out warns on it), when the last sync finished, the last error, and notices about
 * records the server refused or changed under the user's edits. The data layer
 * (src/db) writes it; components only read it and call `retry` / `dismissNotice`.
 */
import { create } from 'zustand';

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
  pulled: number;
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

/** The most recent notices kept (older ones drop off). */
export const MAX_NOTICES = 20;

export const initialSyncState: Omit<SyncState, 'retry' | 'dismissNotice'> = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  phase: 'paused',
  firstSync: { done: false, pulled: 0, total: null },
  pendingChanges: 0,
  pendingRecords: 0,
  pendingCalls: 0,
  lastSyncedAt: null,
  lastError: null,
  pauseReason: 'not-started',
  leader: true,
  notices: [],
};

let retryAction: () => void = () => {};

export const useSyncStore = create<SyncState>()((set) => ({
  ...initialSyncState,
  retry: () => retryAction(),
  dismissNotice: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
}));

/** The data layer's handle on the store (not for components). */
export const syncStatus = {
  get: (): SyncState => useSyncStore.getState(),
  update(patch: Partial<Omit<SyncState, 'retry' | 'dismissNotice' | 'notices'>>): void {
    const state = useSyncStore.getState();
    const changed = (Object.keys(patch) as Array<keyof typeof patch>).some((key) => state[key] !== patch[key]);
    if (!changed) return;
    useSyncStore.setState({
      ...patch,
      pendingChanges: (patch.pendingRecords ?? state.pendingRecords) + (patch.pendingCalls ?? state.pendingCalls),
    });
  },
  notify(message: string, kind: SyncNotice['kind']): SyncNotice {
    const notice: SyncNotice = { id: crypto.randomUUID(), message, at: new Date().toISOString(), kind };
    useSyncStore.setState((state) => ({ notices: [...state.notices, notice].slice(-MAX_NOTICES) }));
    return notice;
  },
  setRetry(action: () => void): void {
    retryAction = action;
  },
  reset(): void {
    retryAction = () => {};
    useSyncStore.setState({ ...initialSyncState, online: useSyncStore.getState().online });
  },
};
