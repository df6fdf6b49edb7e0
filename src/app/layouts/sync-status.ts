/**
 * What the sync indicator says, derived from the sync store and the session: one short
 * label for the header, a tone, and the details for its popover. Pure, so it is tested
 * without a browser.
 *
 * "Up to date" means this device holds everything a page needs without a connection: the
 * directory's first download, the patient records' (once they are open), the app itself
 * (the service worker's copy) and the reference data order entry uses. Until each is
 * through the label stays "Downloading…" and the details say what is still missing.
 */
import { formatTimeAgo } from '../../lib/format/date.ts';

export interface SyncSnapshot {
  online: boolean;
  phase: 'idle' | 'pulling' | 'pushing' | 'paused' | 'error';
  firstSync: { done: boolean; stored: number; total: number | null };
  pendingChanges: number;
  lastSyncedAt: string | null;
  lastError: string | null;
  /** Why sync is paused (sync-store's pauseReason). */
  pauseReason?: 'offline' | 'signed-out' | 'not-started' | null;
  /** False when another tab of this browser does the syncing. */
  leader?: boolean;
  /** A part's first download (the patient records') is under way (sync-store's partsDownloading). */
  partsDownloading?: boolean;
}

/**
 * The rest of a complete copy on this device, besides the synced records (absent: nothing
 * else is missing). `app`: the service worker's copy of the app (`unavailable` where the
 * browser keeps none: nothing to wait for). `reference`: the compendium, ICD-10-CM and NCDs.
 */
export interface DeviceCopy {
  app: 'storing' | 'stored' | 'unavailable';
  reference: 'downloading' | 'stored' | 'failed';
  /** Why the reference data could not be downloaded (with `failed`). */
  referenceError?: string | null;
}

export const DEVICE_COPY_TEXT = {
  patients: 'Downloading patient records to this device.',
  app: 'Saving the app on this device so that every page opens offline.',
  reference: 'Downloading the test compendium, diagnosis codes and Medicare coverage rules to this device.',
  referenceFailed: 'The test compendium, diagnosis codes and Medicare coverage rules could not be downloaded to this device',
} as const;

export type SyncTone = 'ok' | 'busy' | 'pending' | 'offline' | 'error';

export interface SyncStatusView {
  label: string;
  tone: SyncTone;
  detail: string;
  /** 0–100 while the first download runs with a known total. */
  progress: number | null;
  canRetry: boolean;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function lastSyncedText(lastSyncedAt: string | null, now: Date = new Date()): string {
  if (!lastSyncedAt) return 'Not synced yet on this device';
  const at = new Date(lastSyncedAt);
  if (Number.isNaN(at.getTime())) return 'Not synced yet on this device';
  if (now.getTime() - at.getTime() < 45_000) return 'Last synced just now';
  return `Last synced ${formatTimeAgo(at, now)}`;
}

/** What is still missing from a complete copy once the records are in (null: nothing). */
function stillMissing(device: DeviceCopy | undefined): string | null {
  if (device?.reference === 'downloading') return DEVICE_COPY_TEXT.reference;
  if (device?.app === 'storing') return DEVICE_COPY_TEXT.app;
  return null;
}

export function describeSync(sync: SyncSnapshot, sessionOffline: boolean, device?: DeviceCopy): SyncStatusView {
  const pending = sync.pendingChanges;
  if (!sync.online || sessionOffline) {
    return {
      label: 'Offline',
      tone: 'offline',
      detail:
        pending > 0
          ? `You are working on this device's copy. ${count(pending, 'change', 'changes')} will sync when the connection is back.`
          : "You are working on this device's copy. Changes sync when the connection is back.",
      progress: null,
      canRetry: false,
    };
  }
  if (sync.phase === 'error') {
    return {
      label: 'Sync error',
      tone: 'error',
      detail: sync.lastError ?? 'Syncing with the server failed. It will be retried automatically.',
      progress: null,
      canRetry: true,
    };
  }
  // RxDB's upstream also runs with nothing to send (it checks for local changes at each
  // start): that is no "Saving…", and during the first download it is the download, as are
  // the idle moments between its start and its first page (never "Up to date" before it).
  const sending = sync.phase === 'pushing' && pending > 0;
  const busy = sync.phase === 'pulling' || (sync.phase === 'pushing' && !sending);
  const idle = sync.phase === 'idle' && pending === 0;
  if (!sync.firstSync.done && (busy || idle || sync.firstSync.stored > 0)) {
    const { stored, total } = sync.firstSync;
    return {
      label: 'Downloading…',
      tone: 'busy',
      detail: total
        ? `Downloading the directory to this device: ${stored.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records.`
        : `Downloading the directory to this device: ${count(stored, 'record', 'records')} so far.`,
      progress: total ? Math.min(100, Math.round((stored / total) * 100)) : null,
      canRetry: false,
    };
  }
  if (sync.partsDownloading && (busy || idle)) {
    return { label: 'Downloading…', tone: 'busy', detail: DEVICE_COPY_TEXT.patients, progress: null, canRetry: false };
  }
  if (sending) {
    return {
      label: 'Saving…',
      tone: 'busy',
      detail: `Sending ${count(pending, 'change', 'changes')} to the server.`,
      progress: null,
      canRetry: false,
    };
  }
  if (busy) {
    return { label: 'Syncing…', tone: 'busy', detail: 'Fetching the latest changes.', progress: null, canRetry: false };
  }
  if (pending > 0) {
    return {
      label: `${pending.toLocaleString('en-US')} unsynced`,
      tone: 'pending',
      detail: `${count(pending, 'change is', 'changes are')} waiting to be sent to the server.`,
      progress: null,
      canRetry: true,
    };
  }
  if (sync.phase === 'paused') {
    if (sync.pauseReason === 'not-started') {
      return { label: 'Starting…', tone: 'busy', detail: 'Opening this device’s copy of the directory.', progress: null, canRetry: false };
    }
    return { label: 'Sync paused', tone: 'pending', detail: 'Sync is paused.', progress: null, canRetry: true };
  }
  const missing = stillMissing(device);
  if (missing) return { label: 'Downloading…', tone: 'busy', detail: missing, progress: null, canRetry: false };
  if (device?.reference === 'failed') {
    const error = device.referenceError?.trim();
    const reason = error ? ` ${/[.!?]$/.test(error) ? error : `${error}.`}` : '';
    return { label: 'Sync error', tone: 'error', detail: `${DEVICE_COPY_TEXT.referenceFailed}.${reason} It will be retried automatically.`, progress: null, canRetry: true };
  }
  return {
    label: 'Up to date',
    tone: 'ok',
    detail:
      sync.leader === false
        ? 'Everything on this device is in sync. Another tab of this browser keeps it so.'
        : 'Everything on this device is in sync.',
    progress: null,
    canRetry: false,
  };
}
