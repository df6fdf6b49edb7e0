/**
 * Which source answers a list (issue 28, "useful before complete"): the local copy, or the
 * server while this device's first download has not finished. One pure rule, so each case
 * is tested on its own (list-answer-source.test.ts):
 *
 * - not known yet (until the database has said whether the copy is complete): local on a
 *   device that saved the list's first page before (it paints at once, as it always did);
 *   the server on one that never did (most likely a new device: no wait for its database);
 * - the copy is complete: local (after a reload too: the server is never asked then). Just
 *   after the download finishes, the server's answer stays on screen until the local list
 *   is built, if it answers the same search, so the switch shows nothing but the indicator;
 * - still downloading, online, the list can ask the server and its filters are ones the
 *   server applies: the server;
 * - still downloading otherwise (offline, a filter only the device applies, the server
 *   failed, a list without a server query): the partial local copy, saying it is partial.
 */

/** What the list tells the user about this device's copy (the indicator). */
export type CopyState =
  | { kind: 'complete' }
  /** The list and its search come from the server until the copy is complete. */
  | { kind: 'from-server' }
  /** The list shows the part of the copy downloaded so far. */
  | { kind: 'partial'; reason: 'offline' | 'filtered' | 'server-failed' | 'local-only' };

export interface AnswerSourceInput {
  /** The first download has finished on this device (or finished in an earlier session). */
  firstSyncDone: boolean;
  /** Whether `firstSyncDone` is known yet (this device's record of it has been read). */
  firstSyncKnown: boolean;
  /** This device saved the list's first page at an earlier visit (it had data before). */
  savedBefore: boolean;
  /** The local list is built (its index), so it can answer any search. */
  localReady: boolean;
  online: boolean;
  /** The list has a server query (ListDefinition.remote). */
  hasRemote: boolean;
  /** A filter is on that only the device applies. */
  localOnlyFilter: boolean;
  /** The server's answer to the search asked last: 'error' when it failed. */
  remoteStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The rows the server answered are for the search on screen. */
  remoteAnswersSearch: boolean;
}

export interface AnswerSource {
  source: 'local' | 'remote';
  copy: CopyState;
  /** Ask the server for the search on screen. */
  askServer: boolean;
}

export function chooseAnswerSource(input: AnswerSourceInput): AnswerSource {
  if (!input.firstSyncKnown) {
    // Not known yet (until the database is open). A device that showed this list before
    // paints its saved page, as before issue 28; one that never did is most likely new, and
    // asks the server at once rather than wait for its database (the note waits to know).
    if (input.savedBefore || !input.hasRemote || !input.online || input.localOnlyFilter) return { source: 'local', copy: { kind: 'complete' }, askServer: false };
    return { source: 'remote', copy: { kind: 'complete' }, askServer: true };
  }
  if (input.firstSyncDone) {
    const bridge = !input.localReady && input.online && input.remoteStatus === 'ready' && input.remoteAnswersSearch && !input.localOnlyFilter;
    return { source: bridge ? 'remote' : 'local', copy: { kind: 'complete' }, askServer: false };
  }
  const partial = (reason: 'offline' | 'filtered' | 'server-failed' | 'local-only'): AnswerSource => ({
    source: 'local',
    copy: { kind: 'partial', reason },
    askServer: false,
  });
  if (!input.hasRemote) return partial('local-only');
  if (input.localOnlyFilter) return partial('filtered');
  if (!input.online) return partial('offline');
  if (input.remoteStatus === 'error') return { ...partial('server-failed'), askServer: true };
  return { source: 'remote', copy: { kind: 'from-server' }, askServer: true };
}
