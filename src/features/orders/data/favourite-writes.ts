/**
 * Starring and unstarring a favourite test from order entry: the organization's or the
 * provider's `favorite_tests` column, written to the user's local database and synced like
 * any edit of the directory (src/lib/local-data/local-write.ts says whether the server took
 * it). Staff only: the tables' policies refuse anyone else, and the step shows the stars to
 * staff alone.
 */
import type { LocalDatabase, RxCollection } from '../../../db/index.ts';
import { awaitServer, outcomeOf, patchLocal, type WriteOptions, type WriteOutcome } from '../../../lib/local-data/local-write.ts';
import { favouriteCodes, MAX_FAVOURITES, toggleFavourite, type FavouriteOwner } from '../model/favourites.ts';

interface Favourites {
  id: string;
  local_dirty: boolean;
  favorite_tests: string[] | null;
  updated_at: string;
}

async function write<D extends Favourites>(collection: RxCollection<D>, id: string, fields: Pick<D, 'favorite_tests' | 'updated_at'>, options: WriteOptions): Promise<WriteOutcome> {
  const written = await patchLocal(collection, id, fields as Partial<D>);
  return outcomeOf(await awaitServer(collection, written, options), fields as Partial<D>);
}

export type FavouriteResult = { ok: true; starred: boolean; outcome: WriteOutcome } | { ok: false; error: string };

export async function toggleFavouriteTest(db: LocalDatabase, owner: FavouriteOwner, id: string, code: string, options: WriteOptions & { now?: () => string } = {}): Promise<FavouriteResult> {
  const collection = owner === 'organization' ? db.organizations : db.providers;
  const doc = await collection.findOne(id).exec();
  if (!doc) return { ok: false, error: `The ${owner} is not on this device.` };
  const current = favouriteCodes(doc.favorite_tests);
  const next = toggleFavourite(current, code);
  if (!next) return { ok: false, error: `At most ${MAX_FAVOURITES} favourite tests: unstar one first.` };
  const fields = { favorite_tests: next, updated_at: (options.now ?? (() => new Date().toISOString()))() };
  try {
    const outcome = owner === 'organization' ? await write(db.organizations, id, fields, options) : await write(db.providers, id, fields, options);
    return { ok: true, starred: next.length > current.length, outcome };
  } catch (error) {
    console.error('[orders] saving the favourite failed', error);
    return { ok: false, error: 'The favourite could not be saved on this device.' };
  }
}
