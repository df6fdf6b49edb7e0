/**
 * A protected list saved sealed for the next unlock: taken back only when nothing was written
 * since, stored as ciphertext only, and the full read whenever the saved list does not fit.
 */
import 'fake-indexeddb/auto';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalDatabase } from '../../db/index.ts';
import { openText, sealText, type SealedBlob } from '../../db/protected/sealed-blobs.ts';
import { ListSource } from './list-source.ts';
import { deleteListSnapshots, readSealedListSnapshot } from './list-snapshot-store.ts';
import { savedProtectedList, type SavableListDeps } from './savable-list.ts';
import { SearchIndex, type ListChange } from './search-index.ts';
import { textIndexSpec } from './text-index-spec.ts';

type Row = { id: string; name: string };

const USER = 'user-1';
const state = vi.hoisted(() => ({ db: null as object | null, key: null as CryptoKey | null }));

vi.mock('../../db/index.ts', () => ({
  protectedDataState: () => ({ status: state.db ? 'open' : 'locked', userId: state.db ? USER : null, db: state.db }),
  sealForProtectedDatabase: (db: object, text: string, context: string) =>
    db === state.db && state.key ? sealText(state.key, text, context) : Promise.reject(new Error('locked')),
  openForProtectedDatabase: async (db: object, blob: SealedBlob, context: string) => (db === state.db && state.key ? openText(state.key, blob, context) : null),
}));

const spec = textIndexSpec<Row>({ sortText: (row) => [row.name], searchText: (row) => [row.name] });

/** A collection's data as the list sees it: its rows, its latest write, and its changes. */
function collection(rows: Row[], latest: number) {
  const changes = new Subject<ListChange<Row>>();
  const data = { rows, latest, reads: 0, restoredSince: null as number | null };
  /** When each row was written (the rows given: at `latest`). */
  const writtenAt = new Map(rows.map((row) => [row.id, latest]));
  let lastWrite = Number.NaN;
  const savable: SavableListDeps<Row> = {
    latestWrite: async () => {
      lastWrite = data.latest;
      return data.latest;
    },
    lastWrite: () => lastWrite,
    state: (list) => list,
    restore: async (saved, since) => {
      data.restoredSince = since;
      const byId = new Map((saved as Row[]).map((row) => [row.id, row]));
      for (const row of data.rows) if ((writtenAt.get(row.id) ?? 0) > since) byId.set(row.id, row);
      return [...byId.values()];
    },
  };
  const deps = {
    allRows: async () => {
      data.reads += 1;
      return [...data.rows];
    },
    changes,
    savable,
  };
  /** A write: the collection's latest write moves, and the change is seen at that write. */
  const write = (row: Row, lwt: number) => {
    data.rows = [...data.rows.filter((item) => item.id !== row.id), row];
    writtenAt.set(row.id, lwt);
    data.latest = lwt;
    lastWrite = Math.max(lastWrite, lwt);
    changes.next({ type: 'upsert', row });
  };
  return { deps, data, write };
}

function open(db: LocalDatabase, deps: ReturnType<typeof collection>['deps']) {
  const saved = savedProtectedList(db, 'protected:test', deps);
  const source = new ListSource<Row>({ name: 'test', scope: 'all', createIndex: (rows) => new SearchIndex(spec, rows), includes: () => true }, saved.deps);
  const stop = saved.keepSaved(source);
  source.start();
  return { source, stop };
}

const db = { closed: false } as unknown as LocalDatabase;

beforeEach(async () => {
  state.db = db;
  state.key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await deleteListSnapshots(USER);
});

afterEach(() => {
  vi.useRealTimers();
});

async function savedAfterQuiet(source: ListSource<Row>) {
  await vi.waitFor(() => expect(source.getSnapshot().phase).toBe('ready'));
  await vi.advanceTimersByTimeAsync(2100);
  await vi.waitFor(async () => expect(await readSealedListSnapshot(USER, 'protected:test')).not.toBeNull());
  vi.useRealTimers();
}

describe('a protected list saved for the next unlock', () => {
  it('is stored sealed, and taken back instead of the full read when nothing was written since', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = collection([{ id: 'a', name: 'Whitfield Eleanor' }, { id: 'b', name: 'Okafor Ada' }], 100);
    const one = open(db, first.deps);
    await savedAfterQuiet(one.source);
    one.stop();
    one.source.stop();

    const record = (await readSealedListSnapshot(USER, 'protected:test'))!;
    expect(record.lwt).toBe(100);
    expect(new TextDecoder().decode(record.sealed)).not.toContain('Whitfield');

    const again = collection([{ id: 'a', name: 'Whitfield Eleanor' }, { id: 'b', name: 'Okafor Ada' }], 100);
    const two = open(db, again.deps);
    await vi.waitFor(() => expect(two.source.getSnapshot().phase).toBe('ready'));
    expect(again.data.reads).toBe(0);
    expect(two.source.getSnapshot().index?.queryIds('')).toEqual(['b', 'a']);
    two.stop();
    two.source.stop();
  });

  it('is taken with the records written since, and read in full when it is newer than the records or the data key is another one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = collection([{ id: 'a', name: 'Whitfield Eleanor' }], 100);
    const one = open(db, first.deps);
    await savedAfterQuiet(one.source);
    one.stop();
    one.source.stop();

    // Pulled at unlock: one record written after the save.
    const written = collection([{ id: 'a', name: 'Whitfield Eleanor' }], 100);
    written.write({ id: 'c', name: 'Abbott Ann' }, 101);
    const two = open(db, written.deps);
    await vi.waitFor(() => expect(two.source.getSnapshot().phase).toBe('ready'));
    expect(written.data.reads).toBe(0);
    expect(written.data.restoredSince).toBe(100);
    expect(two.source.getSnapshot().index?.queryIds('')).toEqual(['c', 'a']);
    two.stop();
    two.source.stop();

    const older = collection([{ id: 'a', name: 'Whitfield Eleanor' }], 99);
    const back = open(db, older.deps);
    await vi.waitFor(() => expect(back.source.getSnapshot().phase).toBe('ready'));
    expect(older.data.reads).toBe(1);
    back.stop();
    back.source.stop();

    state.key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const rekeyed = collection([{ id: 'a', name: 'Whitfield Eleanor' }], 100);
    const three = open(db, rekeyed.deps);
    await vi.waitFor(() => expect(three.source.getSnapshot().phase).toBe('ready'));
    expect(rekeyed.data.reads).toBe(1);
    three.stop();
    three.source.stop();
  });

  it('saves the changes it follows with their write, and nothing once the data is locked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = collection([{ id: 'a', name: 'Whitfield Eleanor' }], 100);
    const one = open(db, first.deps);
    await savedAfterQuiet(one.source);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    first.write({ id: 'd', name: 'Diaz Dora' }, 105);
    await vi.advanceTimersByTimeAsync(2100);
    vi.useRealTimers();
    await vi.waitFor(async () => expect((await readSealedListSnapshot(USER, 'protected:test'))?.lwt).toBe(105));

    const next = collection([{ id: 'a', name: 'Whitfield Eleanor' }, { id: 'd', name: 'Diaz Dora' }], 105);
    const two = open(db, next.deps);
    await vi.waitFor(() => expect(two.source.getSnapshot().phase).toBe('ready'));
    expect(next.data.reads).toBe(0);
    expect(two.source.getSnapshot().index?.queryIds('')).toEqual(['d', 'a']);
    two.stop();
    two.source.stop();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    state.db = null;
    first.write({ id: 'e', name: 'Evans Eve' }, 110);
    await vi.advanceTimersByTimeAsync(2100);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await readSealedListSnapshot(USER, 'protected:test'))?.lwt).toBe(105);
    one.stop();
    one.source.stop();
  });
});
