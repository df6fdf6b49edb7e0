import { describe, expect, it, vi } from 'vitest';
import { countRows, readByIds, readPage, type ReadClient } from './server-reads.ts';

function client(rpcAnswer: unknown = { data: { rows: [{ id: 'p1' }], checkpoint: null }, error: null, status: 200 }) {
  const builder = {
    select: vi.fn(() => builder),
    or: vi.fn(() => builder),
    order: vi.fn(() => builder),
    limit: vi.fn(() => Promise.resolve({ data: [{ id: 'o1' }], error: null, status: 200 })),
    in: vi.fn(() => Promise.resolve({ data: [{ id: 'o1' }], error: null, status: 200 })),
  };
  const from = vi.fn(() => builder);
  const rpc = vi.fn(() => Promise.resolve(rpcAnswer));
  return { client: { from, rpc } as unknown as ReadClient, from, rpc, builder };
}

describe('reading the server rows', () => {
  it('reads patient data only through sync_pull, with the checkpoint and limit, and answers its rows', async () => {
    const { client: c, from, rpc } = client();
    const checkpoint = { modified: '2026-12-05T10:00:00.000001+00:00', id: 'p0' };
    for (const table of ['patients', 'orders', 'results'] as const) {
      expect(await readPage(c, table, checkpoint, 500)).toMatchObject({ data: [{ id: 'p1' }], error: null });
      expect(rpc).toHaveBeenLastCalledWith('sync_pull', { p_table: table, p_checkpoint: checkpoint, p_limit: 500 });
    }
    await readPage(c, 'patients', undefined, 10);
    expect(rpc).toHaveBeenLastCalledWith('sync_pull', { p_table: 'patients', p_checkpoint: null, p_limit: 10 });
    const ids = Array.from({ length: 150 }, (_, index) => `id-${index}`);
    expect(await readByIds(c, 'orders', ids)).toHaveLength(2);
    expect(rpc).toHaveBeenLastCalledWith('sync_pull', { p_table: 'orders', p_ids: ids.slice(100) });
    expect(from).not.toHaveBeenCalled();
  });

  it('reads the directory through the table API', async () => {
    const { client: c, from, rpc, builder } = client();
    expect(await readPage(c, 'providers', undefined, 100)).toMatchObject({ data: [{ id: 'o1' }] });
    expect(from).toHaveBeenCalledWith('providers');
    expect(builder.limit).toHaveBeenCalledWith(100);
    await readByIds(c, 'organizations', ['a']);
    expect(builder.in).toHaveBeenCalledWith('id', ['a']);
    expect(rpc).not.toHaveBeenCalled();
  });

  it('turns a sync_pull answer without rows into a failure, and passes a refusal on', async () => {
    const { client: odd } = client({ data: { nothing: true }, error: null, status: 200 });
    expect(await readPage(odd, 'patients', undefined, 10)).toMatchObject({ data: null, error: { message: 'unexpected answer from sync_pull' } });
    const refusal = { data: null, error: { message: 'JWT expired', code: 'PGRST301' }, status: 401 };
    const { client: refused } = client(refusal);
    expect(await readPage(refused, 'orders', undefined, 10)).toEqual(refusal);
  });

  it('counts patient data with sync_count, the directory with a HEAD count', async () => {
    const { client: c, rpc } = client({ data: 42, error: null, status: 200 });
    expect(await countRows(c, 'results')).toBe(42);
    expect(rpc).toHaveBeenCalledWith('sync_count', { p_table: 'results' });
  });
});
