/** A list's pages from the server: debounced searches, stale answers dropped, paging, failures (issue 28). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteList, type RemotePage, type RemotePageRequest } from './remote-list.ts';

interface Row {
  id: string;
}

const NAMES = Array.from({ length: 100 }, (_, i) => `row${String(i).padStart(3, '0')}`);

/** A fake server over NAMES: answers after `delayMs`, records the requests, fails while `failing`. */
function fakeServer(delayMs = 10) {
  const requests: Array<Omit<RemotePageRequest<'all'>, 'signal'>> = [];
  const state = { failing: false };
  const query = {
    fetchPage: (request: RemotePageRequest<'all'>): Promise<RemotePage<Row>> => {
      requests.push({ scope: request.scope, search: request.search, offset: request.offset, limit: request.limit });
      return new Promise((resolve, reject) => {
        setTimeout(() => {
          if (state.failing) return reject(new Error('503'));
          const matches = NAMES.filter((name) => name.includes(request.search));
          resolve({
            rows: matches.slice(request.offset, request.offset + request.limit).map((id) => ({ id })),
            matchCount: matches.length,
            scopeCount: matches.length > 0 ? NAMES.length : null,
          });
        }, delayMs);
      });
    },
  };
  return { requests, state, query };
}

describe('RemoteList', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the first page at once, in the list order, with the counts', async () => {
    const server = fakeServer();
    const list = new RemoteList(server.query, 'all', { firstPageSize: 20 });
    list.search('');
    expect(list.getSnapshot().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(10);
    const snapshot = list.getSnapshot();
    expect(snapshot).toMatchObject({ answered: '', matchCount: 100, scopeCount: 100, status: 'ready' });
    expect(snapshot.rows.map((row) => row.id)).toEqual(NAMES.slice(0, 20));
    expect(server.requests).toEqual([{ scope: 'all', search: '', offset: 0, limit: 20 }]);
  });

  it('debounces the search: one request for a word typed quickly, the last answer shown meanwhile', async () => {
    const server = fakeServer();
    const list = new RemoteList(server.query, 'all', { debounceMs: 250 });
    list.search('');
    await vi.advanceTimersByTimeAsync(10);
    for (const needle of ['r', 'ro', 'row', 'row0', 'row05']) {
      list.search(needle);
      await vi.advanceTimersByTimeAsync(100);
    }
    // Still the whole list on screen, the new answer loading.
    expect(list.getSnapshot()).toMatchObject({ answered: '', status: 'loading' });
    await vi.advanceTimersByTimeAsync(260);
    expect(list.getSnapshot()).toMatchObject({ answered: 'row05', matchCount: 10, scopeCount: 100, status: 'ready' });
    expect(server.requests.map((request) => request.search)).toEqual(['', 'row05']);
  });

  it('drops an answer that arrives after another search was asked', async () => {
    const server = fakeServer(400);
    const list = new RemoteList(server.query, 'all', { debounceMs: 0 });
    list.search('row01');
    await vi.advanceTimersByTimeAsync(100);
    list.search('row02');
    await vi.advanceTimersByTimeAsync(1000);
    expect(list.getSnapshot()).toMatchObject({ answered: 'row02', status: 'ready' });
    expect(list.getSnapshot().rows[0]).toEqual({ id: 'row020' });
  });

  it('shows a search answered before at once (Backspace), without asking again', async () => {
    const server = fakeServer();
    const list = new RemoteList(server.query, 'all', { debounceMs: 250 });
    list.search('');
    await vi.advanceTimersByTimeAsync(10);
    list.search('row09');
    await vi.advanceTimersByTimeAsync(300);
    list.search('');
    expect(list.getSnapshot()).toMatchObject({ answered: '', status: 'ready', matchCount: 100 });
    expect(server.requests).toHaveLength(2);
  });

  it('loads the next pages as the list scrolls, once each, up to the match count', async () => {
    const server = fakeServer();
    const list = new RemoteList(server.query, 'all', { firstPageSize: 30, nextPageSize: 50 });
    list.search('');
    await vi.advanceTimersByTimeAsync(10);
    list.loadMore();
    list.loadMore();
    await vi.advanceTimersByTimeAsync(10);
    expect(list.getSnapshot().rows).toHaveLength(80);
    list.loadMore();
    await vi.advanceTimersByTimeAsync(10);
    expect(list.getSnapshot().rows.map((row) => row.id)).toEqual(NAMES);
    list.loadMore();
    await vi.advanceTimersByTimeAsync(10);
    expect(server.requests.map((request) => [request.offset, request.limit])).toEqual([
      [0, 30],
      [30, 50],
      [80, 50],
    ]);
  });

  it('says when the server failed, and asks again at the next search', async () => {
    const server = fakeServer();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const list = new RemoteList(server.query, 'all', { debounceMs: 0 });
    server.state.failing = true;
    list.search('');
    await vi.advanceTimersByTimeAsync(10);
    expect(list.getSnapshot()).toMatchObject({ answered: null, status: 'error' });
    server.state.failing = false;
    list.search('');
    await vi.advanceTimersByTimeAsync(10);
    expect(list.getSnapshot()).toMatchObject({ answered: '', status: 'ready', matchCount: 100 });
  });

  it('stops asking when paused, and keeps what was answered', async () => {
    const server = fakeServer();
    const list = new RemoteList(server.query, 'all', { debounceMs: 250 });
    list.search('');
    await vi.advanceTimersByTimeAsync(10);
    list.search('row01');
    list.pause();
    await vi.advanceTimersByTimeAsync(500);
    expect(server.requests).toHaveLength(1);
    expect(list.getSnapshot()).toMatchObject({ answered: '', status: 'ready', matchCount: 100 });
  });
});
