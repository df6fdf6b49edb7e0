import { describe, expect, it, vi } from 'vitest';
import { docToRow, fieldsOf, newLocalDoc, rowToDoc, type ServerRow } from '../mapping/row-mapping.ts';
import { createPushHandler } from './push-handler.ts';
import { RejectionRegistry } from './rejections.ts';
import type { SyncContext } from './sync-context.ts';

type Answer = { conflicts: unknown[]; rejected: Array<{ id: string; code: string; message: string; master: unknown }> };

function setup(
  answers: Answer[],
  localProviders: Record<string, { local_dirty: boolean; _deleted: boolean }> = {},
  serverRows: Array<Record<string, unknown>> = [],
) {
  const calls: Array<{ p_table: string; p_rows: Array<{ new: Record<string, unknown>; assumed: unknown }> }> = [];
  const reads: Array<{ table: string; ids: string[] }> = [];
  const notices: string[] = [];
  const rejections = new RejectionRegistry();
  const ctx = {
    db: {
      collections: {
        providers: {
          storageInstance: {
            findDocumentsById: async (ids: string[]) => ids.flatMap((id) => (localProviders[id] ? [{ id, ...localProviders[id] }] : [])),
          },
        },
      },
    },
    supabase: {
      from: (table: string) => ({
        select: () => ({
          in: async (_column: string, ids: string[]) => {
            reads.push({ table, ids });
            return { data: serverRows.filter((row) => ids.includes(String(row.id))), error: null, status: 200 };
          },
        }),
      }),
      rpc: async (_name: string, args: (typeof calls)[number]) => {
        calls.push(args);
        return { data: answers.shift() ?? { conflicts: [], rejected: [] }, error: null, status: 200 };
      },
    },
    gate: { assertCanSync: async () => {}, authFailed: vi.fn() },
    rejections,
    tables: ['providers', 'provider_preferences'],
    lookup: async () => ({ first_name: 'Jane', last_name: 'Doe' }),
    notify: (message: string) => notices.push(message),
    status: { requestFailed: vi.fn(), requestSucceeded: vi.fn(), caughtUp: vi.fn() },
    replicationOf: () => undefined,
    timing: { pullBatchSize: 10, pushBatchSize: 10, retryMs: 10, parentRetryDelaysMs: [1, 1], parentWaitMs: 1, resyncIntervalMs: 1000 },
  } as unknown as SyncContext;
  return { push: createPushHandler(ctx, 'provider_preferences'), calls, reads, notices, rejections };
}

const preferences = { ...newLocalDoc('provider_preferences', { id: 'pref-1', provider_id: 'prov-1' }), _deleted: false };

/** The preferences above as the server row a pull would bring. */
const docToRowForTest = (): ServerRow => docToRow('provider_preferences', fieldsOf(preferences));

describe('the push handler', () => {
  it('sends rows with their assumed server state and without local-only fields', async () => {
    const { push, calls } = setup([{ conflicts: [], rejected: [] }]);
    expect(await push([{ newDocumentState: preferences }])).toEqual([]);
    expect(calls[0]?.p_table).toBe('provider_preferences');
    expect(calls[0]?.p_rows[0]?.assumed).toBeNull();
    expect(calls[0]?.p_rows[0]?.new).toMatchObject({ id: 'pref-1', provider_id: 'prov-1', _modified: null, _deleted: false });
    expect(calls[0]?.p_rows[0]?.new).not.toHaveProperty('local_dirty');
  });

  it('does not send a resolved conflict that already equals the server row', async () => {
    const { push, calls } = setup([]);
    expect(await push([{ newDocumentState: { ...preferences, local_dirty: false }, assumedMasterState: preferences }])).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('reads the server rows of many such downloads in slices that fit in a URL', async () => {
    const downloads = Array.from({ length: 250 }, (_, i) =>
      rowToDoc('provider_preferences', { ...docToRowForTest(), id: `pref-${i}`, _modified: '2026-11-21T10:00:00.000001+00:00' }),
    );
    const { push, calls, reads } = setup([], {}, downloads.map((doc) => docToRow('provider_preferences', fieldsOf(doc))));
    const answer = await push(downloads.map((doc) => ({ newDocumentState: doc })));
    expect(reads.map((read) => read.ids.length)).toEqual([100, 100, 50]);
    expect(answer).toHaveLength(250);
    expect(calls).toHaveLength(0);
  });

  it('does not push a clean record with no assumed server state (a download whose receipt was lost): it reads the server row', async () => {
    const server = { ...docToRowForTest(), report_format: 'detailed', _modified: '2026-11-21T10:00:00.000002+00:00' };
    const { push, calls, reads, rejections } = setup([], {}, [server]);
    const downloaded = rowToDoc('provider_preferences', { ...docToRowForTest(), _modified: '2026-11-21T10:00:00.000001+00:00' });
    expect(downloaded.local_dirty).toBe(false);
    const answer = await push([{ newDocumentState: downloaded }]);
    expect(calls).toHaveLength(0);
    expect(reads).toEqual([{ table: 'provider_preferences', ids: ['pref-1'] }]);
    // Handed back as a conflict that the conflict handler takes as it is.
    expect(answer).toEqual([rowToDoc('provider_preferences', server)]);
    expect(rejections.take('provider_preferences', 'pref-1')).toBeTruthy();
  });

  it('treats a downloaded tombstone the same way', async () => {
    const server = { ...docToRowForTest(), _deleted: true, _modified: '2026-11-21T10:00:00.000002+00:00' };
    const { push, calls, reads } = setup([], {}, [server]);
    const tombstone = rowToDoc('provider_preferences', server);
    expect(await push([{ newDocumentState: tombstone }])).toEqual([tombstone]);
    expect(calls).toHaveLength(0);
    expect(reads).toHaveLength(1);
  });

  it('pushes such a record after all when the server shows no row with its id', async () => {
    const { push, calls } = setup([{ conflicts: [], rejected: [] }]);
    const downloaded = rowToDoc('provider_preferences', { ...docToRowForTest(), _modified: '2026-11-21T10:00:00.000001+00:00' });
    expect(await push([{ newDocumentState: downloaded }])).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.p_rows[0]?.assumed).toBeNull();
  });

  it('hands a refused row back as the server version and tells the user why', async () => {
    const master = { ...preferences, report_format: 'summary', _modified: '2026-11-21T10:00:00.000001+00:00' };
    const { push, notices, rejections } = setup([
      { conflicts: [], rejected: [{ id: 'pref-1', code: '23514', message: 'violates check constraint', master }] },
    ]);
    const result = await push([{ newDocumentState: { ...preferences, report_format: 'weekly' }, assumedMasterState: preferences }]);
    expect(result).toEqual([rowToDoc('provider_preferences', master)]);
    expect(rejections.take('provider_preferences', 'pref-1')).toEqual({ code: '23514', message: 'violates check constraint' });
    expect(notices).toEqual([
      'Your change to the result distribution preferences of provider “Jane Doe” was refused: a value is not allowed (violates check constraint). It was reset to the version on the server.',
    ]);
  });

  it('sends a row again when its parent is still waiting to be pushed (23503)', async () => {
    const missingParent = { id: 'pref-1', code: '23503', message: 'violates foreign key constraint', master: null };
    const { push, calls, notices } = setup([{ conflicts: [], rejected: [missingParent] }, { conflicts: [], rejected: [] }], {
      'prov-1': { local_dirty: true, _deleted: false },
    });
    expect(await push([{ newDocumentState: preferences }])).toEqual([]);
    expect(calls).toHaveLength(2);
    expect(notices).toEqual([]);
  });

  it('refuses for good a row whose parent exists nowhere (no endless retries)', async () => {
    const missingParent = { id: 'pref-1', code: '23503', message: 'violates foreign key constraint', master: null };
    const { push, calls, notices } = setup([{ conflicts: [], rejected: [missingParent] }]);
    const [tombstone] = await push([{ newDocumentState: preferences }]);
    expect(tombstone).toMatchObject({ id: 'pref-1', _deleted: true, local_dirty: false });
    expect(calls).toHaveLength(1);
    expect(notices[0]).toMatch(/refused: a record it refers to does not exist on the server .* It was removed from this device/);
  });

  it('defers when a parent stays pending, instead of waiting forever', async () => {
    const missingParent = { id: 'pref-1', code: '23503', message: 'fk', master: null };
    const { push, calls } = setup(
      [1, 2, 3].map(() => ({ conflicts: [], rejected: [missingParent] })),
      { 'prov-1': { local_dirty: true, _deleted: false } },
    );
    await expect(push([{ newDocumentState: preferences }])).rejects.toThrow('Waiting for related records');
    expect(calls).toHaveLength(3);
  });
});
