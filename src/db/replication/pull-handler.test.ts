import { describe, expect, it, vi } from 'vitest';
import type { SyncContext } from './sync-context.ts';
import { createPullHandler } from './pull-handler.ts';
import type { PullCheckpoint } from './pull-query.ts';

/** A PostgREST stand-in that caps every answer at `maxRows`, like a hosted project. */
function fakeServer(total: number, maxRows: number) {
  const rows = Array.from({ length: total }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    legal_name: `Org ${index}`,
    type: 'healthcare',
    is_active: true,
    created_at: '2026-11-21T10:00:00+00:00',
    updated_at: '2026-11-21T10:00:00+00:00',
    _modified: `2026-11-21T10:00:00.${String(index).padStart(6, '0')}+00:00`,
    _deleted: false,
  }));
  const requests: Array<{ filter: string | null; limit: number }> = [];
  const byId: string[][] = [];
  const from = () => {
    let filter: string | null = null;
    const builder = {
      select: () => builder,
      in(_column: string, ids: string[]) {
        byId.push(ids);
        return Promise.resolve({ data: rows.filter((row) => ids.includes(row.id)), error: null, status: 200 });
      },
      or: (value: string) => ((filter = value), builder),
      order: () => builder,
      limit(limit: number) {
        requests.push({ filter, limit });
        const afterId = filter ? /id\.gt\."([^"]+)"/.exec(filter)?.[1] : undefined;
        const start = afterId ? rows.findIndex((row) => row.id === afterId) + 1 : 0;
        return Promise.resolve({ data: rows.slice(start, start + Math.min(limit, maxRows)), error: null, status: 200 });
      },
    };
    return builder;
  };
  return { from, requests, rows, byId };
}

function context(server: ReturnType<typeof fakeServer>) {
  const status = { requestFailed: vi.fn(), requestSucceeded: vi.fn(), caughtUp: vi.fn() };
  const ctx = {
    supabase: { from: server.from },
    gate: { assertCanSync: async () => {}, authFailed: vi.fn() },
    replicationOf: () => undefined,
    status,
  } as unknown as SyncContext;
  return { ctx, status };
}

/**
 * Has `onRead` see every page read (numbered from 1) as it goes out; an answer it returns
 * replaces the server's.
 */
function onPageReads(ctx: SyncContext, server: ReturnType<typeof fakeServer>, onRead: (read: number) => unknown) {
  let reads = 0;
  Object.assign(ctx.supabase, {
    from: () => {
      const builder = server.from();
      const limit = builder.limit.bind(builder);
      builder.limit = (n: number) => {
        const answer = onRead(++reads);
        return answer ? (Promise.resolve(answer) as ReturnType<typeof limit>) : limit(n);
      };
      return builder;
    },
  });
}

describe('the pull handler', () => {
  it('fills a batch across pages when the server caps its answers', async () => {
    const server = fakeServer(2300, 1000);
    const { ctx, status } = context(server);
    const pull = createPullHandler(ctx, 'organizations');

    const first = await pull(undefined, 1500);
    expect(first.documents).toHaveLength(1500);
    expect(first.checkpoint).toEqual({ id: server.rows[1499]!.id, modified: server.rows[1499]!._modified });
    expect(server.requests.slice(0, 2).map((request) => request.limit)).toEqual([1500, 500]);
    expect(status.caughtUp).not.toHaveBeenCalled();

    const second = await pull(first.checkpoint as PullCheckpoint, 1500);
    // Read ahead: 800 rows, then an empty page.
    expect(server.requests.map((request) => request.limit)).toEqual([1500, 500, 1500, 700]);
    expect(second.documents).toHaveLength(800);
    expect(second.documents[0]).toMatchObject({ id: server.rows[1500]!.id, server_modified: server.rows[1500]!._modified, local_dirty: false });
    expect(status.caughtUp).toHaveBeenCalledWith('organizations');
  });

  it('asks once when nothing changed', async () => {
    const server = fakeServer(3, 1000);
    const { ctx } = context(server);
    const pull = createPullHandler(ctx, 'organizations');
    const last = { id: server.rows[2]!.id, modified: server.rows[2]!._modified };
    expect(await pull(last, 2500)).toEqual({ documents: [], checkpoint: last });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.filter).toContain(`id.gt."${last.id}"`);
  });

  it("starts once the table's queued pushes are through, and reads again when a push went out meanwhile", async () => {
    const server = fakeServer(3, 1000);
    const { ctx } = context(server);
    let release!: () => void;
    const streamQueue = { up: new Promise<void>((resolve) => (release = resolve)), down: Promise.resolve() };
    const pushesSent = new Map<string, number>();
    Object.assign(ctx, { replicationOf: () => ({ internalReplicationState: { streamQueue } }), pushesSent });
    const pulled = vi.fn();
    void createPullHandler(ctx, 'organizations')(undefined, 100).then(pulled);

    // A RESYNC's re-push is queued (RxDB's active.up reads false meanwhile): no read yet.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toHaveLength(0);
    // Through; while the rows are read, a push of this table goes out.
    onPageReads(ctx, server, (read) => {
      if (read === 1) pushesSent.set('organizations', 1);
    });
    release();
    await vi.waitFor(() => expect(pulled).toHaveBeenCalledOnce());
    // Read twice: the rows, the end of them; then again after the push (rows, end).
    expect(server.requests).toHaveLength(4);
    expect(pulled.mock.calls[0]![0].documents).toHaveLength(3);
  });

  it('reads rows with local changes again once the pushes are through, when it stopped waiting for them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const server = fakeServer(3, 1000);
      const { ctx } = context(server);
      let release!: () => void;
      const streamQueue = { up: new Promise<void>((resolve) => (release = resolve)), down: Promise.resolve() };
      const dirty = server.rows[1]!.id;
      const resync = vi.fn();
      const findDocumentsById = vi.fn(async (ids: string[]) => ids.map((id) => ({ id, local_dirty: id === dirty })));
      Object.assign(ctx, {
        replicationOf: () => ({ internalReplicationState: { streamQueue } }),
        db: { collections: { organizations: { storageInstance: { findDocumentsById } } } },
        resync,
      });
      const pull = createPullHandler(ctx, 'organizations');

      // A push stays unanswered past the pull's wait: the rows come down, and the one with a
      // local change (RxDB sets it aside) is kept to be read again.
      const first = pull(undefined, 100);
      await vi.advanceTimersByTimeAsync(10_000);
      const crossed = await first;
      expect(crossed.documents).toHaveLength(3);
      expect(findDocumentsById).toHaveBeenCalledWith(server.rows.map((row) => row.id), false);
      expect(resync).not.toHaveBeenCalled();

      // Once the push is through, the table is pulled again, and that pull brings the row back
      // (the checkpoint has passed it: the page itself is empty).
      release();
      await vi.waitFor(() => expect(resync).toHaveBeenCalledWith('organizations'));
      const again = await pull(crossed.checkpoint as PullCheckpoint, 100);
      expect(server.byId).toEqual([[dirty]]);
      expect(again.documents.map((doc) => doc.id)).toEqual([dirty]);
      expect(again.checkpoint).toEqual(crossed.checkpoint);
      // Only once.
      expect((await pull(crossed.checkpoint as PullCheckpoint, 100)).documents).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('reading ahead', () => {
    const afterRow = (server: ReturnType<typeof fakeServer>, index: number) => `id.gt."${server.rows[index]!.id}"`;

    it('reads the next batch while RxDB stores a full one, and hands it to the pull that asks for it', async () => {
      const server = fakeServer(2500, 1000);
      const { ctx, status } = context(server);
      const pull = createPullHandler(ctx, 'organizations');

      const first = await pull(undefined, 1000);
      // The next batch is asked for before RxDB asks.
      await vi.waitFor(() => expect(server.requests).toHaveLength(2));
      expect(server.requests[1]!.filter).toContain(afterRow(server, 999));

      const second = await pull(first.checkpoint as PullCheckpoint, 1000);
      expect(second.documents.map((doc) => doc.id)).toEqual(server.rows.slice(1000, 2000).map((row) => row.id));
      await vi.waitFor(() => expect(server.requests).toHaveLength(3));
      expect(server.requests[2]!.filter).toContain(afterRow(server, 1999));

      const third = await pull(second.checkpoint as PullCheckpoint, 1000);
      expect(third.documents).toHaveLength(500);
      expect(status.caughtUp).toHaveBeenCalledWith('organizations');
      // The read ahead found the last 500 rows, then an empty page; a short batch is the end,
      // and nothing more is read ahead.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.requests).toHaveLength(4);
      expect(server.requests[3]!.filter).toContain(afterRow(server, 2499));
    });

    it('reads the batch again when a push went out since it was read ahead', async () => {
      const server = fakeServer(2500, 1000);
      const { ctx } = context(server);
      const pushesSent = new Map<string, number>();
      Object.assign(ctx, { pushesSent });
      const pull = createPullHandler(ctx, 'organizations');

      const first = await pull(undefined, 1000);
      await vi.waitFor(() => expect(server.requests).toHaveLength(2));
      pushesSent.set('organizations', 1);
      const second = await pull(first.checkpoint as PullCheckpoint, 1000);
      expect(server.requests).toHaveLength(4); // the read ahead, unused; then this pull's own read, and the next read ahead
      expect(server.requests[2]!.filter).toContain(afterRow(server, 999));
      expect(second.documents.map((doc) => doc.id)).toEqual(server.rows.slice(1000, 2000).map((row) => row.id));
    });

    it('is not used by a pull from another checkpoint', async () => {
      const server = fakeServer(2500, 1000);
      const { ctx } = context(server);
      const pull = createPullHandler(ctx, 'organizations');

      await pull(undefined, 1000);
      await vi.waitFor(() => expect(server.requests).toHaveLength(2));
      const elsewhere = { id: server.rows[1499]!.id, modified: server.rows[1499]!._modified };
      const other = await pull(elsewhere, 1000);
      expect(other.documents.map((doc) => doc.id)).toEqual(server.rows.slice(1500, 2500).map((row) => row.id));
      expect(server.requests[2]!.filter).toContain(afterRow(server, 1499));
    });

    it('leaves a failure to the pull itself: a failed read ahead reports nothing and is read again', async () => {
      const server = fakeServer(2500, 1000);
      const { ctx, status } = context(server);
      // The second read (the read ahead) fails.
      onPageReads(ctx, server, (read) => (read === 2 ? { data: null, error: { message: 'upstream timeout' }, status: 504 } : undefined));
      const pull = createPullHandler(ctx, 'organizations');

      const first = await pull(undefined, 1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(status.requestFailed).not.toHaveBeenCalled();
      expect(ctx.gate.authFailed).not.toHaveBeenCalled();

      const second = await pull(first.checkpoint as PullCheckpoint, 1000);
      expect(second.documents.map((doc) => doc.id)).toEqual(server.rows.slice(1000, 2000).map((row) => row.id));
      expect(status.requestFailed).not.toHaveBeenCalled();
    });
  });
});
