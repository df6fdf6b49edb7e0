/**
 * A row's PECOS check for React: its button state, and starting a new check. The code that
 * runs checks (pecos-checks.ts) is loaded on the first click if the local data has not
 * loaded it already.
 */
import { useStore } from 'zustand';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { appPecosCheckStore, checkStatus, type PecosCheckStatus } from './pecos-check-state.ts';

function startCheck(provider: { id: string; npi: string | null }): void {
  void import('./pecos-checks.ts').then((module) => module.pecosChecks().start(provider));
}

export function usePecosCheck(providerId: string): { status: PecosCheckStatus; start: (provider: { id: string; npi: string | null }) => void } {
  const check = useStore(appPecosCheckStore, (state) => state.checks[providerId]);
  const syncPaused = useSyncStore((state) => state.pauseReason !== null);
  return { status: checkStatus(check, syncPaused), start: startCheck };
}
