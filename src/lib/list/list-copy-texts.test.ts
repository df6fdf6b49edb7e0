/** What a list says about this device's copy while its first download runs (issue 28). */
import { describe, expect, it } from 'vitest';
import { COPY_FROM_SERVER, COPY_PARTIAL, COPY_PARTIAL_FILTERED, COPY_PARTIAL_OFFLINE, copyNote, downloadPercent, downloadProgressText } from './list-copy-texts.ts';

describe('copyNote', () => {
  it('says where the rows come from, and nothing once the copy is complete', () => {
    expect(copyNote({ kind: 'complete' })).toBeNull();
    expect(copyNote({ kind: 'from-server' })).toBe('This device is still downloading its copy: until it is complete, the list and search come from the server.');
    expect(COPY_FROM_SERVER).toBe(copyNote({ kind: 'from-server' }));
    expect(copyNote({ kind: 'partial', reason: 'offline' })).toBe(
      'This device is still downloading its copy: the list shows what has arrived so far. The download continues when the connection is back.',
    );
    expect(copyNote({ kind: 'partial', reason: 'filtered' })).toBe('This device is still downloading its copy: the filtered list shows what has arrived so far.');
    expect(copyNote({ kind: 'partial', reason: 'server-failed' })).toBe('This device is still downloading its copy: the list shows what has arrived so far.');
    expect(copyNote({ kind: 'partial', reason: 'local-only' })).toBe(COPY_PARTIAL);
    expect([COPY_PARTIAL_OFFLINE, COPY_PARTIAL_FILTERED]).not.toContain(COPY_PARTIAL);
  });
});

describe('download progress', () => {
  it('counts the records downloaded, of the total once known', () => {
    expect(downloadProgressText({ stored: 1200, total: 50000 })).toBe('1,200 of 50,000 records downloaded');
    expect(downloadProgressText({ stored: 51000, total: 50000 })).toBe('50,000 of 50,000 records downloaded');
    expect(downloadProgressText({ stored: 0, total: null })).toBe('0 records downloaded so far');
    expect(downloadProgressText({ stored: 30, total: 0 })).toBe('30 records downloaded so far');
  });

  it('gives the bar a percentage, or none (indeterminate) before the total is known', () => {
    expect(downloadPercent({ stored: 1200, total: 50000 })).toBe(2);
    expect(downloadPercent({ stored: 60000, total: 50000 })).toBe(100);
    expect(downloadPercent({ stored: 10, total: null })).toBeNull();
  });
});
