/**
 * Whether this device is online, as the sync layer sees it (the same signal as the header's
 * sync indicator), for the steps that need the registry: Verify NPI and the PECOS check.
 */
import { useSyncStore } from '../../../stores/sync-store.ts';

export function useOnline(): boolean {
  return useSyncStore((state) => state.online);
}
