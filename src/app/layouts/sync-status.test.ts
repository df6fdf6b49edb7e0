/** The sync indicator's wording for each state of the sync store and the session. */
import { describe, expect, it } from 'vitest';
import { DEVICE_COPY_TEXT, describeSync, lastSyncedText, type DeviceCopy, type SyncSnapshot } from './sync-status.ts';

const base: SyncSnapshot = {
  online: true,
  phase: 'idle',
  firstSync: { done: true, stored: 0, total: null },
  pendingChanges: 0,
  lastSyncedAt: null,
  lastError: null,
};

describe('describeSync', () => {
  it('is up to date when idle with nothing pending', () => {
    expect(describeSync(base, false)).toMatchObject({ label: 'Up to date', tone: 'ok', canRetry: false });
  });

  it('is offline when the browser is, or the session could not be refreshed, and counts what waits', () => {
    expect(describeSync({ ...base, online: false, pendingChanges: 3 }, false)).toMatchObject({
      label: 'Offline',
      tone: 'offline',
      detail: "You are working on this device's copy. 3 changes will sync when the connection is back.",
    });
    expect(describeSync({ ...base, pendingChanges: 1 }, true).detail).toBe(
      "You are working on this device's copy. 1 change will sync when the connection is back.",
    );
  });

  it('shows the error with a retry', () => {
    expect(describeSync({ ...base, phase: 'error', lastError: 'JWT expired' }, false)).toEqual({
      label: 'Sync error',
      tone: 'error',
      detail: 'JWT expired',
      progress: null,
      canRetry: true,
    });
  });

  it('shows the first download with its progress', () => {
    const view = describeSync({ ...base, phase: 'pulling', firstSync: { done: false, stored: 12_500, total: 50_000 } }, false);
    expect(view).toMatchObject({ label: 'Downloading…', progress: 25, tone: 'busy' });
    expect(view.detail).toBe('Downloading the directory to this device: 12,500 of 50,000 records.');
    expect(describeSync({ ...base, phase: 'pulling', firstSync: { done: false, stored: 1, total: null } }, false).detail).toBe(
      'Downloading the directory to this device: 1 record so far.',
    );
  });

  it('calls a push with nothing to send no saving, and nothing up to date before the first download', () => {
    const checking = { ...base, phase: 'pushing' as const, pendingChanges: 0 };
    expect(describeSync({ ...checking, firstSync: { done: false, stored: 0, total: 80 } }, false)).toMatchObject({
      label: 'Downloading…',
      detail: 'Downloading the directory to this device: 0 of 80 records.',
      progress: 0,
    });
    expect(describeSync(checking, false)).toMatchObject({ label: 'Syncing…', detail: 'Fetching the latest changes.', tone: 'busy' });
    // Idle before the first page: still the download, not "Up to date".
    expect(describeSync({ ...base, firstSync: { done: false, stored: 0, total: null } }, false)).toMatchObject({
      label: 'Downloading…',
      detail: 'Downloading the directory to this device: 0 records so far.',
      tone: 'busy',
    });
  });

  it('shows pushing, pulling, pending and paused', () => {
    expect(describeSync({ ...base, phase: 'pushing', pendingChanges: 2 }, false)).toMatchObject({
      label: 'Saving…',
      detail: 'Sending 2 changes to the server.',
    });
    expect(describeSync({ ...base, phase: 'pulling' }, false).label).toBe('Syncing…');
    expect(describeSync({ ...base, pendingChanges: 1200 }, false)).toMatchObject({
      label: '1,200 unsynced',
      tone: 'pending',
      detail: '1,200 changes are waiting to be sent to the server.',
    });
    expect(describeSync({ ...base, phase: 'paused' }, false).label).toBe('Sync paused');
    expect(describeSync({ ...base, phase: 'paused', pauseReason: 'not-started' }, false).label).toBe('Starting…');
    expect(describeSync({ ...base, leader: false }, false).detail).toBe(
      'Everything on this device is in sync. Another tab of this browser keeps it so.',
    );
  });
});

describe('describeSync: "Up to date" only once the device holds everything a page needs', () => {
  const complete: DeviceCopy = { app: 'stored', reference: 'stored' };

  it('waits for the patient records’ first download, the reference data and the app itself, saying which', () => {
    expect(describeSync({ ...base, partsDownloading: true }, false, complete)).toMatchObject({ label: 'Downloading…', tone: 'busy', detail: DEVICE_COPY_TEXT.patients });
    expect(describeSync({ ...base, phase: 'pulling', partsDownloading: true }, false, complete).label).toBe('Downloading…');
    expect(describeSync(base, false, { ...complete, reference: 'downloading' })).toMatchObject({ label: 'Downloading…', detail: DEVICE_COPY_TEXT.reference });
    expect(describeSync(base, false, { ...complete, app: 'storing' })).toMatchObject({ label: 'Downloading…', detail: DEVICE_COPY_TEXT.app });
    expect(describeSync(base, false, complete).label).toBe('Up to date');
    // A browser that keeps no copy of the app: nothing to wait for.
    expect(describeSync(base, false, { ...complete, app: 'unavailable' }).label).toBe('Up to date');
    // Offline, the device works on what it has: the header says so, not "Downloading…".
    expect(describeSync({ ...base, online: false, partsDownloading: true }, false, { app: 'storing', reference: 'downloading' }).label).toBe('Offline');
  });

  it('says why the reference data is missing, with a retry', () => {
    expect(describeSync(base, false, { app: 'stored', reference: 'failed', referenceError: 'HTTP 503' })).toEqual({
      label: 'Sync error',
      tone: 'error',
      detail: `${DEVICE_COPY_TEXT.referenceFailed}. HTTP 503. It will be retried automatically.`,
      progress: null,
      canRetry: true,
    });
  });
});

describe('lastSyncedText', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('says when the device last synced', () => {
    expect(lastSyncedText(null, now)).toBe('Not synced yet on this device');
    expect(lastSyncedText('2026-03-01T11:59:50Z', now)).toBe('Last synced just now');
    expect(lastSyncedText('2026-03-01T11:55:00Z', now)).toBe('Last synced 5 minutes ago');
    expect(lastSyncedText('garbage', now)).toBe('Not synced yet on this device');
  });
});
