import { describe, expect, it } from 'vitest';
import { pendingText, syncStateText } from './sync-card.tsx';

describe('sync card wording', () => {
  it('counts what waits to sync, records and calls apart', () => {
    expect(pendingText(0, 0)).toBe('No changes waiting to sync');
    expect(pendingText(1, 0)).toBe('1 change waiting to sync (1 record, 0 calls)');
    expect(pendingText(2, 1)).toBe('3 changes waiting to sync (2 records, 1 call)');
  });

  it('says offline first, then a failure, then whether it is syncing', () => {
    expect(syncStateText({ online: false, phase: 'idle', lastError: null, pauseReason: 'offline' }).text).toBe('Offline: changes are kept on this device');
    expect(syncStateText({ online: true, phase: 'error', lastError: 'x', pauseReason: null })).toEqual({ text: 'Sync failed', tone: 'red' });
    expect(syncStateText({ online: true, phase: 'pulling', lastError: null, pauseReason: null }).text).toBe('Syncing…');
    expect(syncStateText({ online: true, phase: 'idle', lastError: null, pauseReason: null })).toEqual({ text: 'Up to date', tone: 'green' });
  });
});
