/** Which source answers a list: the local copy, or the server while the first download runs (issue 28). */
import { describe, expect, it } from 'vitest';
import { chooseAnswerSource, type AnswerSourceInput } from './list-answer-source.ts';

const downloading: AnswerSourceInput = {
  firstSyncDone: false,
  firstSyncKnown: true,
  savedBefore: false,
  localReady: true,
  online: true,
  hasRemote: true,
  localOnlyFilter: false,
  remoteStatus: 'ready',
  remoteAnswersSearch: true,
};
const complete: AnswerSourceInput = { ...downloading, firstSyncDone: true, remoteStatus: 'idle', remoteAnswersSearch: false };

describe('chooseAnswerSource', () => {
  it('asks the server while the first download runs, online, for a list that can', () => {
    expect(chooseAnswerSource(downloading)).toEqual({ source: 'remote', copy: { kind: 'from-server' }, askServer: true });
    // Also while its first answer is on its way, and whatever the partial local list holds.
    expect(chooseAnswerSource({ ...downloading, remoteStatus: 'loading', remoteAnswersSearch: false, localReady: false })).toEqual({
      source: 'remote',
      copy: { kind: 'from-server' },
      askServer: true,
    });
  });

  it('before the device knows whether its copy is complete: the saved list where there is one, else the server at once', () => {
    const unknown = { ...downloading, firstSyncKnown: false, remoteStatus: 'idle' as const, remoteAnswersSearch: false };
    // A reload of a device that showed the list before: its saved page, as always.
    expect(chooseAnswerSource({ ...unknown, savedBefore: true })).toEqual({ source: 'local', copy: { kind: 'complete' }, askServer: false });
    // Never shown here (most likely a new device): the server, without a note until it is known.
    expect(chooseAnswerSource(unknown)).toEqual({ source: 'remote', copy: { kind: 'complete' }, askServer: true });
    expect(chooseAnswerSource({ ...unknown, online: false }).source).toBe('local');
    expect(chooseAnswerSource({ ...unknown, hasRemote: false }).source).toBe('local');
    expect(chooseAnswerSource({ ...unknown, localOnlyFilter: true }).source).toBe('local');
  });

  it('reads the local copy once it is complete, and never asks the server then (a reload)', () => {
    expect(chooseAnswerSource(complete)).toEqual({ source: 'local', copy: { kind: 'complete' }, askServer: false });
    expect(chooseAnswerSource({ ...complete, localReady: false })).toEqual({ source: 'local', copy: { kind: 'complete' }, askServer: false });
  });

  it('keeps the server answer on screen just after the download, until the local list is built', () => {
    const justDone = { ...downloading, firstSyncDone: true, localReady: false };
    expect(chooseAnswerSource(justDone)).toEqual({ source: 'remote', copy: { kind: 'complete' }, askServer: false });
    // Not an answer to another search, not offline, not under a filter the server ignores.
    expect(chooseAnswerSource({ ...justDone, remoteAnswersSearch: false }).source).toBe('local');
    expect(chooseAnswerSource({ ...justDone, online: false }).source).toBe('local');
    expect(chooseAnswerSource({ ...justDone, localOnlyFilter: true }).source).toBe('local');
    expect(chooseAnswerSource({ ...justDone, remoteStatus: 'loading' }).source).toBe('local');
    expect(chooseAnswerSource({ ...justDone, localReady: true }).source).toBe('local');
  });

  it('shows the partial local copy, saying why, when the server cannot answer', () => {
    expect(chooseAnswerSource({ ...downloading, online: false })).toEqual({ source: 'local', copy: { kind: 'partial', reason: 'offline' }, askServer: false });
    expect(chooseAnswerSource({ ...downloading, localOnlyFilter: true })).toEqual({ source: 'local', copy: { kind: 'partial', reason: 'filtered' }, askServer: false });
    expect(chooseAnswerSource({ ...downloading, hasRemote: false })).toEqual({ source: 'local', copy: { kind: 'partial', reason: 'local-only' }, askServer: false });
  });

  it('falls back to the local copy when the server failed, and asks again at the next search', () => {
    expect(chooseAnswerSource({ ...downloading, remoteStatus: 'error' })).toEqual({ source: 'local', copy: { kind: 'partial', reason: 'server-failed' }, askServer: true });
  });
});
