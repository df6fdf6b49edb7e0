/** Which source answers a list: the local copy, or the server while the first download runs (issue 28). */
import { describe, expect, it } from 'vitest';
import { chooseAnswerSource, type AnswerSourceInput } from './list-answer-source.ts';

const downloading: AnswerSourceInput = {
  firstSyncDone: false,
  firstSyncKnown: true,
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

  it('reads the local copy until the device knows whether its copy is complete (a reload, before the database opens)', () => {
    expect(chooseAnswerSource({ ...downloading, firstSyncKnown: false })).toEqual({ source: 'local', copy: { kind: 'complete' }, askServer: false });
    expect(chooseAnswerSource({ ...downloading, firstSyncKnown: false, localReady: false, online: false })).toEqual({
      source: 'local',
      copy: { kind: 'complete' },
      askServer: false,
    });
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
