/**
 * A protected list saved sealed for the next unlock, as the directory's lists are saved in
 * the clear (list-cache.ts, list-snapshot-store.ts): without it, every unlock read and
 * opened every sealed document one by one (a WebCrypto call, a base64 decoding and a JSON
 * parse each), the time from Unlock to a searchable list grew with every record, and at
 * 100,000 orders it took minutes (docs/data-model.md has the figures). What is saved is
 * what the rows are made of (the rows themselves, or for a joined list its slim inputs),
 * as one JSON text sealed with the data key (db/protected/sealed-blobs.ts), with the last
 * write it reflects; at the next unlock it is taken with the records written since (read by
 * their write time: what the sync pulled meanwhile), and the list then follows the changes
 * as after a full read. Anything else (a different key, a file that does not open or parse,
 * a count that does not add up) falls back to the full read: the saved list is only ever a
 * shortcut.
 */
import type { LocalDatabase } from '../../db/index.ts';
import { afterNextPaint } from '../browser/after-first-paint.ts';
import type { ListSource, ListSourceDeps } from './list-source.ts';
import { readSealedListSnapshot, writeSealedListSnapshot } from './list-snapshot-store.ts';
import type { IndexedRow } from './search-index.ts';

/** What a protected list's data offers to be saved and taken back (collectionDeps, joinedListDeps). */
export interface SavableListDeps<T extends IndexedRow> {
  /** The latest `_meta.lwt` of the collections the rows are made of, read now; call it before the rows are read. */
  latestWrite(): Promise<number>;
  /** The latest write the rows reflect: the last read's, raised by every change seen (it only ever errs old). */
  lastWrite(): number;
  /** What is saved (plain JSON), given the list's rows. */
  state(rows: readonly T[]): unknown;
  /**
   * The rows again from a saved state and the records written after `since` (the write it
   * reflects), instead of the full read; throws when the state is not one it saved or does
   * not add up to the records there are.
   */
  restore(state: unknown, since: number): Promise<T[]>;
}

const queries = () => import('../../db/index.ts');

/** The list saved after this long without changes (a sync brings many pages in a row). */
const SAVE_DELAY_MS = 2000;

/** What a sealed list is bound to: its user, its list and the write it reflects. */
const contextOf = (userId: string, listKey: string, lwt: number) => `labdir-list|${userId}|${listKey}|${lwt}`;

export interface SavedProtectedList<T extends IndexedRow> {
  /** The deps, reading the saved list first when it is current. */
  deps: ListSourceDeps<T>;
  /** Keeps the list saved once its source is running (returns the unsubscribe). */
  keepSaved(source: ListSource<T>): () => void;
}

/** The user whose protected database `db` is, while it is open (null otherwise). */
async function ownerOf(db: LocalDatabase): Promise<string | null> {
  const state = (await queries()).protectedDataState();
  return state.status === 'open' && state.db === db ? state.userId : null;
}

export function savedProtectedList<T extends IndexedRow>(
  db: LocalDatabase,
  listKey: string,
  deps: ListSourceDeps<T> & { savable: SavableListDeps<T> },
): SavedProtectedList<T> {
  const { savable } = deps;
  let fromSaved: string | null = null;

  const readSaved = async (latest: number): Promise<T[] | null> => {
    const userId = await ownerOf(db);
    if (!userId || !Number.isFinite(latest)) return null;
    const record = await readSealedListSnapshot(userId, listKey);
    // Written since (the sync pulled a few records at unlock): taken with those records read
    // again; a saved list newer than the records (a clock set back) is not taken.
    if (!record || record.lwt > latest) return null;
    const text = await (await queries()).openForProtectedDatabase(db, record, contextOf(userId, listKey, record.lwt));
    if (text === null) return null;
    try {
      const rows = await savable.restore(JSON.parse(text) as unknown, record.lwt);
      if (record.lwt === latest) fromSaved = `${record.lwt}:${rows.length}`;
      return rows;
    } catch (error) {
      console.warn(`[${listKey}] the saved list was not taken`, error);
      return null;
    }
  };

  return {
    deps: {
      ...deps,
      allRows: async () => {
        // Read before the rows: a write in between makes the list look older than it is, never newer.
        const latest = await savable.latestWrite();
        return (await readSaved(latest)) ?? deps.allRows();
      },
    },
    keepSaved(source) {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let cancelPaintWait: (() => void) | null = null;
      let saved: string | null = null;
      const save = async () => {
        timer = null;
        cancelPaintWait = null;
        const { index } = source.getSnapshot();
        const lwt = savable.lastWrite();
        // Changes seen but not applied yet: saved now, the list would name a write whose rows it lacks.
        if (!index || !Number.isFinite(lwt) || source.hasPendingChanges()) return;
        const signature = `${lwt}:${index.size}`;
        saved ??= fromSaved;
        if (signature === saved) return;
        const userId = await ownerOf(db);
        if (!userId) return;
        saved = signature;
        try {
          const text = JSON.stringify(savable.state(index.rows()));
          const sealed = await (await queries()).sealForProtectedDatabase(db, text, contextOf(userId, listKey, lwt));
          await writeSealedListSnapshot(userId, listKey, { lwt, ...sealed });
        } catch {
          // Locked meanwhile: nothing saved, the next unlock reads the list in full.
          saved = null;
        }
      };
      let first = true;
      const cancel = () => {
        if (timer) clearTimeout(timer);
        cancelPaintWait?.();
        timer = null;
        cancelPaintWait = null;
      };
      const unsubscribe = source.subscribe(() => {
        cancel();
        // The first read is saved at once (a reload soon after must not read everything again),
        // but after the list has painted: sealing 100,000 rows holds the main thread for a
        // second, which the first rows must not wait for. Later changes are saved once the
        // list has been quiet a moment.
        const ready = source.getSnapshot().phase === 'ready';
        if (first && ready) cancelPaintWait = afterNextPaint(() => void save());
        else timer = setTimeout(() => void save(), SAVE_DELAY_MS);
        if (ready) first = false;
      });
      return () => {
        unsubscribe();
        cancel();
      };
    },
  };
}
