/**
 * The per-row PECOS checks of the provider lists (spec §4 and §8): which provider has a
 * check starting, queued, running, done or failed, and the toasts when one finishes.
 *
 * A check is an outbox item (pecos-outbox-handler.ts). This module follows the items it
 * started, and on start-up the ones still waiting from an earlier visit, so a check queued
 * offline shows as queued after a reload and still ends with its toast. Starting a new
 * check on a row resets its last result (spec §4: idle, then busy, then success or error).
 */
import { first, type Subscription } from 'rxjs';
import {
  enqueue,
  getLocalDatabase,
  watchOutboxItem,
  watchOutboxItems,
  type LocalDatabase,
  type OutboxItem,
} from '../../../db/index.ts';
import { PECOS_NPI_REQUIRED, pecosListFailure, pecosListSuccess, type ToastMessage } from '../../../lib/functions/index.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { showToast } from '../../../components/show-toast.ts';
import { canVerifyPecos } from '../model/pecos-status.ts';
import { appPecosCheckStore, checkStatus, createPecosCheckStore, type RowCheck } from './pecos-check-state.ts';
import { isPecosCheckPayload, isPecosCheckResult, registerPecosOutbox, VERIFY_PECOS_KIND } from './pecos-outbox-handler.ts';

export interface PecosCheckDeps {
  enqueue: (payload: { npi: string; provider_id: string }) => Promise<OutboxItem>;
  watchItem: (id: string) => { subscribe(next: (item: OutboxItem | null) => void): Subscription };
  notify: (message: ToastMessage) => void;
  /** After a successful check: fetch the provider again (the function updated it on the server). */
  refresh: () => void;
}

export type PecosChecks = ReturnType<typeof createPecosChecks>;

export { type PecosChecksState, type PecosCheckStatus, type RowCheck } from './pecos-check-state.ts';

export function createPecosChecks(deps: PecosCheckDeps, store = createPecosCheckStore()) {
  const followed = new Map<string, Subscription>();

  const patch = (providerId: string, check: RowCheck | null) =>
    store.setState((state) => {
      const checks = { ...state.checks };
      if (check) checks[providerId] = check;
      else delete checks[providerId];
      return { checks };
    });

  function finish(providerId: string, item: OutboxItem): void {
    followed.get(item.id)?.unsubscribe();
    followed.delete(item.id);
    // A newer check on the same row replaced this one: its result no longer belongs to the row.
    if (store.getState().checks[providerId]?.itemId !== item.id) return;
    if (item.state === 'done' && isPecosCheckResult(item.result)) {
      patch(providerId, { itemId: item.id, itemState: 'done', attempts: item.attempts, outcome: 'success' });
      deps.notify(pecosListSuccess(item.result.verified));
      deps.refresh();
    } else {
      console.error('[providers] PECOS verification failed', item.last_error);
      patch(providerId, { itemId: item.id, itemState: item.state, attempts: item.attempts, outcome: 'error' });
      deps.notify(pecosListFailure(item.last_error ?? ''));
    }
  }

  /** Follows an item until it is done or failed. */
  function follow(providerId: string, itemId: string): void {
    if (followed.has(itemId)) return;
    const subscription = deps.watchItem(itemId).subscribe((item) => {
      if (!item) {
        followed.get(itemId)?.unsubscribe();
        followed.delete(itemId);
        return;
      }
      if (item.state === 'done' || item.state === 'failed') {
        // Defer: the subscription may fire synchronously, before `followed` holds it.
        queueMicrotask(() => finish(providerId, item));
        return;
      }
      if (store.getState().checks[providerId]?.itemId === itemId) {
        patch(providerId, { itemId, itemState: item.state, attempts: item.attempts, outcome: null });
      }
    });
    followed.set(itemId, subscription);
  }

  return {
    store,

    /** Starts a check for the row (the spec's 'NPI Required' toast without an NPI). */
    async start(provider: { id: string; npi: string | null }): Promise<void> {
      const current = checkStatus(store.getState().checks[provider.id], false);
      if (current === 'running' || current === 'queued') return;
      if (!canVerifyPecos(provider, false)) {
        deps.notify(PECOS_NPI_REQUIRED);
        return;
      }
      patch(provider.id, { itemId: null, itemState: 'starting', attempts: 0, outcome: null });
      try {
        const item = await deps.enqueue({ npi: (provider.npi ?? '').trim(), provider_id: provider.id });
        patch(provider.id, { itemId: item.id, itemState: item.state, attempts: item.attempts, outcome: null });
        follow(provider.id, item.id);
      } catch (error) {
        console.error('[providers] the PECOS check could not be queued', error);
        patch(provider.id, { itemId: null, itemState: 'failed', attempts: 0, outcome: 'error' });
        deps.notify(pecosListFailure(error instanceof Error ? error.message : String(error)));
      }
    },

    /** Picks up checks still waiting in the outbox (queued offline before a reload). */
    restore(items: readonly OutboxItem[]): void {
      for (const item of items) {
        if (item.kind !== VERIFY_PECOS_KIND || !isPecosCheckPayload(item.payload)) continue;
        if (item.state !== 'queued' && item.state !== 'running') continue;
        const providerId = item.payload.provider_id;
        if (store.getState().checks[providerId]?.itemId) continue;
        patch(providerId, { itemId: item.id, itemState: item.state, attempts: item.attempts, outcome: null });
        follow(providerId, item.id);
      }
    },

    stop(): void {
      for (const subscription of followed.values()) subscription.unsubscribe();
      followed.clear();
      store.setState({ checks: {} });
    },
  };
}

function requireDb(): LocalDatabase {
  const db = getLocalDatabase();
  if (!db) throw new Error('Local data is not started: no user is signed in on this device');
  return db;
}

let appChecks: PecosChecks | null = null;
let restoredFor: LocalDatabase | null = null;

/** The app's PECOS checks, bound to the local database, the toaster and the sync store. */
export function pecosChecks(): PecosChecks {
  registerPecosOutbox();
  appChecks ??= createPecosChecks(
    {
      enqueue: (payload) => enqueue(VERIFY_PECOS_KIND, { ...payload }),
      watchItem: (id) => watchOutboxItem(requireDb(), id),
      notify: showToast,
      refresh: () => useSyncStore.getState().retry(),
    },
    appPecosCheckStore,
  );
  const checks = appChecks;
  const db = getLocalDatabase();
  if (db && restoredFor !== db) {
    // Another user's database (or a reopened one): forget the rows of the previous one.
    if (restoredFor) checks.stop();
    restoredFor = db;
    watchOutboxItems(db, VERIFY_PECOS_KIND)
      .pipe(first())
      .subscribe({ next: (items) => checks.restore(items), error: (error: unknown) => console.error('[providers] reading queued PECOS checks failed', error) });
  }
  return checks;
}
