/** A row's PECOS check for React: its button state, and starting a new check. */
import { useCallback } from 'react';
import { useStore } from 'zustand';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { checkStatus, pecosChecks, type PecosCheckStatus } from './pecos-checks.ts';

export function usePecosCheck(providerId: string): { status: PecosCheckStatus; start: (provider: { id: string; npi: string | null }) => void } {
  const checks = pecosChecks();
  const check = useStore(checks.store, (state) => state.checks[providerId]);
  const syncPaused = useSyncStore((state) => state.pauseReason !== null);
  const start = useCallback((provider: { id: string; npi: string | null }) => void checks.start(provider), [checks]);
  return { status: checkStatus(check, syncPaused), start };
}
