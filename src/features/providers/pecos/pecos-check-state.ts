/**
 * The row states of the PECOS checks, apart from the code that runs them (pecos-checks.ts:
 * the outbox, the function call, the toasts). The list's verify buttons read only this, so
 * the list page paints without loading that code (ARCHITECTURE.md: JavaScript before first
 * paint); it loads when the local data starts or on the first click.
 */
import { createStore } from 'zustand/vanilla';
import type { OutboxState } from '../../../db/index.ts';

export interface RowCheck {
  /** null while the item is being queued. */
  itemId: string | null;
  itemState: OutboxState | 'starting';
  attempts: number;
  outcome: 'success' | 'error' | null;
}

export interface PecosChecksState {
  checks: Readonly<Record<string, RowCheck>>;
}

/** What a row's verify button shows. */
export type PecosCheckStatus = 'idle' | 'running' | 'queued' | 'success' | 'error';

/** The row's button state from its check and whether sync is paused (offline, signed out). */
export function checkStatus(check: RowCheck | undefined, syncPaused: boolean): PecosCheckStatus {
  if (!check) return 'idle';
  if (check.outcome) return check.outcome;
  if (check.itemState === 'queued') return check.attempts > 0 || syncPaused ? 'queued' : 'running';
  return 'running';
}

export const createPecosCheckStore = () => createStore<PecosChecksState>(() => ({ checks: {} }));

/** The app's row states (pecos-checks.ts writes them). */
export const appPecosCheckStore = createPecosCheckStore();
