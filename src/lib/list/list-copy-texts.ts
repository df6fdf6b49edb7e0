/**
 * What a list says about this device's copy while its first download runs (issue 28): where
 * the rows come from and how far the download is. The spec has no text for it; the wording
 * follows the dashboard's note ('This device is still downloading its copy: …').
 */
import type { FirstSyncProgress } from '../../stores/sync-store.ts';
import type { CopyState } from './list-answer-source.ts';

export const COPY_FROM_SERVER = 'This device is still downloading its copy: until it is complete, the list and search come from the server.';
export const COPY_PARTIAL = 'This device is still downloading its copy: the list shows what has arrived so far.';
export const COPY_PARTIAL_OFFLINE = 'This device is still downloading its copy: the list shows what has arrived so far. The download continues when the connection is back.';
export const COPY_PARTIAL_FILTERED = 'This device is still downloading its copy: the filtered list shows what has arrived so far.';

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** The note for a copy state; null once the copy is complete. */
export function copyNote(copy: CopyState): string | null {
  if (copy.kind === 'complete') return null;
  if (copy.kind === 'from-server') return COPY_FROM_SERVER;
  if (copy.reason === 'offline') return COPY_PARTIAL_OFFLINE;
  if (copy.reason === 'filtered') return COPY_PARTIAL_FILTERED;
  return COPY_PARTIAL;
}

/** '1,200 of 50,000 records downloaded', or '1,200 records downloaded so far' before the total is known. */
export function downloadProgressText(progress: Pick<FirstSyncProgress, 'stored' | 'total'>): string {
  const { stored, total } = progress;
  if (total === null || total <= 0) return `${COUNT_FORMAT.format(stored)} records downloaded so far`;
  return `${COUNT_FORMAT.format(Math.min(stored, total))} of ${COUNT_FORMAT.format(total)} records downloaded`;
}

/** The download's percentage (null while the total is unknown: an indeterminate bar). */
export function downloadPercent(progress: Pick<FirstSyncProgress, 'stored' | 'total'>): number | null {
  const { stored, total } = progress;
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.round((stored / total) * 100));
}
