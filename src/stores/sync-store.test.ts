import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createSyncStatusApi, MAX_NOTICES, selectFirstDownloadUnderway, syncStoreInitializer, type SyncState } from './sync-store.ts';

function setup() {
  const store = createStore<SyncState>()(syncStoreInitializer);
  return { store, api: createSyncStatusApi(store) };
}

describe('the sync store', () => {
  it('starts paused with no pending changes', () => {
    const { store } = setup();
    expect(store.getState()).toMatchObject({
      phase: 'paused',
      pendingChanges: 0,
      firstSync: { done: false, stored: 0, total: null },
      lastSyncedAt: null,
      lastError: null,
      notices: [],
    });
  });

  it('counts pending records and queued calls together', () => {
    const { store, api } = setup();
    api.update({ pendingRecords: 3 });
    api.update({ pendingCalls: 2 });
    expect(store.getState()).toMatchObject({ pendingRecords: 3, pendingCalls: 2, pendingChanges: 5 });
  });

  it('keeps the latest notices and lets the UI dismiss them', () => {
    const { store, api } = setup();
    for (let i = 0; i < MAX_NOTICES + 3; i++) api.notify(`notice ${i}`, 'conflict');
    expect(store.getState().notices).toHaveLength(MAX_NOTICES);
    expect(store.getState().notices[0]?.message).toBe('notice 3');
    const first = store.getState().notices[0]!;
    store.getState().dismissNotice(first.id);
    expect(store.getState().notices.map((notice) => notice.id)).not.toContain(first.id);
  });

  it('runs the retry action the data layer installs, and resets it', () => {
    const { store, api } = setup();
    const retry = vi.fn();
    api.setRetry(retry);
    store.getState().retry();
    expect(retry).toHaveBeenCalledTimes(1);
    api.update({ lastError: 'boom', phase: 'error' });
    api.reset();
    store.getState().retry();
    expect(retry).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ lastError: null, phase: 'paused' });
  });

  it('adds a part (the protected database) to the count, its activity and its errors, and retries both', () => {
    const { store, api } = setup();
    const part = api.part('protected');
    const [mainRetry, partRetry] = [vi.fn(), vi.fn()];
    api.setRetry(mainRetry);
    part.setRetry(partRetry);
    api.update({ phase: 'idle', pendingRecords: 1, pendingCalls: 1 });
    part.update({ phase: 'pushing', pendingRecords: 2 });
    expect(store.getState()).toMatchObject({ phase: 'pushing', pendingRecords: 3, pendingChanges: 4 });
    // The main sync's own count replaces only its share.
    api.update({ pendingRecords: 0 });
    expect(store.getState()).toMatchObject({ pendingRecords: 2, pendingChanges: 3 });
    part.update({ phase: 'error', lastError: 'patients: server error' });
    expect(store.getState()).toMatchObject({ phase: 'error', lastError: 'patients: server error' });
    // Offline: the main sync is paused, and so is what the indicator says.
    api.update({ phase: 'paused' });
    expect(store.getState().phase).toBe('paused');
    store.getState().retry();
    expect(mainRetry).toHaveBeenCalledTimes(1);
    expect(partRetry).toHaveBeenCalledTimes(1);
    part.reset();
    expect(store.getState()).toMatchObject({ pendingRecords: 0, pendingChanges: 1, lastError: null });
  });

  it('says a part’s first download is under way until it is done, and forgets it when the part goes', () => {
    const { store, api } = setup();
    api.update({ firstSync: { done: true, stored: 10, total: 10, checked: true } });
    const part = api.part('protected');
    // Not known before the part has read its record of the download.
    part.update({ firstSync: { done: false, stored: 0, total: null, checked: false } });
    expect(store.getState().partsDownloading).toBe(false);
    part.update({ firstSync: { done: false, stored: 0, total: null, checked: true } });
    expect(store.getState().partsDownloading).toBe(true);
    // The main sync's own first download is its own.
    expect(store.getState().firstSync).toMatchObject({ done: true, stored: 10 });
    part.update({ firstSync: { done: true, stored: 4, total: 4, checked: true } });
    expect(store.getState().partsDownloading).toBe(false);
    part.update({ firstSync: { done: false, stored: 0, total: null, checked: true } });
    part.reset();
    expect(store.getState().partsDownloading).toBe(false);
  });
});

describe('selectFirstDownloadUnderway', () => {
  it('is known only once the device has read the record of its download', () => {
    expect(selectFirstDownloadUnderway({ firstSync: { done: false, stored: 0, total: null, checked: false } })).toBe(false);
    expect(selectFirstDownloadUnderway({ firstSync: { done: false, stored: 10, total: 100, checked: true } })).toBe(true);
    expect(selectFirstDownloadUnderway({ firstSync: { done: true, stored: 100, total: 100, checked: true } })).toBe(false);
  });
});
