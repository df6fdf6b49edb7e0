/**
 * Whether this device holds the reference data a page needs offline (the sync indicator's
 * "Up to date" waits for it: src/app/layouts/sync-status.ts). A copy is complete once the
 * server confirmed the versions this session, or when every data set has a version from an
 * earlier one; a device that has never received a data set is still downloading it, or has
 * failed to when the last attempt failed.
 */
import { REFERENCE_DATA_SETS } from '../lab/reference-types.ts';
import type { ReferenceState } from './reference-data.ts';

export interface ReferenceCopy {
  reference: 'downloading' | 'stored' | 'failed';
  referenceError: string | null;
}

export function referenceCopy(state: ReferenceState): ReferenceCopy {
  if (state.status !== 'ready' || !state.data) return { reference: 'downloading', referenceError: null };
  if (state.checkedAt !== null) return { reference: 'stored', referenceError: null };
  const versions = state.data.versions;
  const missing = REFERENCE_DATA_SETS.some((name) => versions[name] === 0);
  if (!missing) return { reference: 'stored', referenceError: null };
  if (state.error !== null && !state.refreshing) return { reference: 'failed', referenceError: state.error };
  return { reference: 'downloading', referenceError: null };
}
