/**
 * A list whose rows are joined from several collections (a membership with its provider's
 * and its organization's names; an order with its patient and provider, which live in two
 * databases: the protected one and the user's own): the primary collection's
 * documents, each with what it refers to looked up by foreign key. Read once (each
 * collection in one IndexedDB read), then kept current from every collection's change
 * stream: a changed primary document is joined again, and a changed referenced document
 * (a renamed organization) re-joins every row that refers to it. Only what `slim` keeps of
 * the referenced documents stays in memory.
 *
 * Changes that arrive before the first read is done wait for it, and are joined with the
 * complete lookups (the list source applies them after the read).
 *
 * Such a list has no first page query (its order is not an index of one collection) and is
 * not saved whole with the directory's lists; its first page is still saved and painted on
 * reload. A protected list (orders) saves what it is joined from, sealed (`savable`:
 * protected-list.ts), and is joined again from that at the next unlock.
 */
import { defer, merge, mergeMap, Observable, Subject } from 'rxjs';
import type { LocalDatabase } from '../../db/index.ts';
import type { DatabaseListDeps } from './list-definition.ts';
import type { SavableListDeps } from './savable-list.ts';
import type { IndexedRow, ListChange } from './search-index.ts';

type Doc = Record<string, unknown> & { id: string };

/** The local collections a joined list can read (the protected ones opened: protected-list.ts). */
export type JoinableCollection =
  | 'organizations'
  | 'providers'
  | 'profiles'
  | 'user_roles'
  | 'memberships'
  | 'preferences'
  | 'delegates'
  | 'pickup_requests'
  | 'patients'
  | 'orders'
  | 'results';

/** A lookup's `slim`: keep a referenced document's id and the fields named, nothing else in memory. */
export function keepFields(...fields: string[]): (doc: Doc) => Doc {
  return (doc) => {
    const kept: Doc = { id: doc.id };
    for (const field of fields) kept[field] = doc[field] ?? null;
    return kept;
  };
}

export interface ListLookup<P> {
  collection: JoinableCollection;
  /** The id of the referenced document (null: the row refers to none). */
  foreignKey(row: P): string | null;
  /** What the list keeps of a referenced document. */
  slim(doc: Doc): Doc;
  /**
   * Read only the documents the rows refer to, by id, instead of the whole collection (the
   * providers a thousand orders name, not a directory of 50,000).
   */
  referencedOnly?: boolean;
}

export interface JoinedListOptions<P extends IndexedRow, T extends IndexedRow, L extends string> {
  primary: JoinableCollection;
  lookups: Readonly<Record<L, ListLookup<P>>>;
  /** The list row of a primary document and what it refers to (null where not on this device). */
  join(row: P, found: Readonly<Record<L, Doc | null>>): T;
  /** What the list keeps of a primary document (what `join` and the foreign keys read); default: all of it. */
  slimPrimary?(doc: P): P;
}

/** What a joined list saves to be joined again at the next visit (savable-list.ts). */
interface JoinedState<P> {
  primaries: P[];
  /** Per lookup read whole, the documents kept of it. */
  found: Record<string, Doc[]>;
}

const queries = () => import('../../db/index.ts');

export function joinedListDeps<P extends IndexedRow, T extends IndexedRow, L extends string>(
  db: LocalDatabase,
  options: JoinedListOptions<P, T, L>,
  /** Where a lookup's collection is when not in `db` (an order's provider: the user's database, the order: the protected one). */
  databases: Partial<Record<L, LocalDatabase>> = {},
): DatabaseListDeps<T> & { savable: SavableListDeps<T> } {
  const names = Object.keys(options.lookups) as L[];
  const slimPrimary = options.slimPrimary ?? ((doc: P) => doc);
  /** The collections the rows are made of in full: the primary and the lookups read whole (those read by id are read again). */
  const whole = names.filter((name) => !options.lookups[name].referencedOnly);
  const referenced = names.filter((name) => options.lookups[name].referencedOnly);
  let lastWrite = Number.NaN;
  /** A change of a collection the rows are made of raises the last write they reflect. */
  const seen = (doc: unknown): true => {
    const lwt = (doc as { _meta?: { lwt?: unknown } } | null)?._meta?.lwt;
    if (typeof lwt === 'number' && Number.isFinite(lastWrite)) lastWrite = Math.max(lastWrite, lwt);
    return true;
  };
  const dbOf = (name: L): LocalDatabase => databases[name] ?? db;
  const primaries = new Map<string, P>();
  const found = new Map<L, Map<string, Doc>>(names.map((name) => [name, new Map()]));
  /** Per lookup, referenced id → ids of the rows that refer to it. */
  const referrers = new Map<L, Map<string, Set<string>>>(names.map((name) => [name, new Map()]));
  let loaded = false;
  const early: Array<() => void> = [];
  const out = new Subject<ListChange<T>>();

  const link = (row: P, add: boolean) => {
    for (const name of names) {
      const key = options.lookups[name].foreignKey(row);
      if (!key) continue;
      const byKey = referrers.get(name)!;
      let ids = byKey.get(key);
      if (add) {
        if (!ids) byKey.set(key, (ids = new Set()));
        ids.add(row.id);
      } else {
        ids?.delete(row.id);
      }
    }
  };
  const joined = (row: P): T => {
    const refs = {} as Record<L, Doc | null>;
    for (const name of names) {
      const key = options.lookups[name].foreignKey(row);
      refs[name] = key ? (found.get(name)!.get(key) ?? null) : null;
    }
    return options.join(row, refs);
  };

  const onPrimary = (id: string, doc: P | null) => {
    const before = primaries.get(id);
    if (before) link(before, false);
    if (!doc) {
      primaries.delete(id);
      out.next({ type: 'remove', id });
      return;
    }
    const kept = slimPrimary(doc);
    primaries.set(id, kept);
    link(kept, true);
    out.next({ type: 'upsert', row: joined(kept) });
    fetchReferenced(kept);
  };
  /** A new row's referenced documents that were not read (referencedOnly): read now, and the rows joined again. */
  const requested = new Map<L, Set<string>>(names.map((name) => [name, new Set()]));
  const fetchReferenced = (row: P) => {
    for (const name of names) {
      const lookup = options.lookups[name];
      const key = lookup.referencedOnly ? lookup.foreignKey(row) : null;
      if (!key || found.get(name)!.has(key) || requested.get(name)!.has(key)) continue;
      requested.get(name)!.add(key);
      void queries()
        .then((data) => data.readDocsByIds(dbOf(name), lookup.collection, [key]))
        .then((docs) => {
          const doc = (docs as unknown as Doc[])[0];
          if (doc && !found.get(name)!.has(key)) onLookup(name, key, doc);
        })
        .catch((error: unknown) => console.error('[list] reading a referenced record failed', error));
    }
  };
  const onLookup = (name: L, id: string, doc: Doc | null) => {
    if (doc) found.get(name)!.set(id, options.lookups[name].slim(doc));
    else found.get(name)!.delete(id);
    for (const rowId of referrers.get(name)!.get(id) ?? []) {
      const row = primaries.get(rowId);
      if (row) out.next({ type: 'upsert', row: joined(row) });
    }
  };
  const whenLoaded = (apply: () => void) => (loaded ? apply() : early.push(apply));

  const sources = defer(queries).pipe(
    mergeMap((data) =>
      merge(
        data.watchChanges(db, options.primary).pipe(mergeMap((change) => (seen(change.doc), whenLoaded(() => onPrimary(change.id, change.doc as unknown as P | null)), []))),
        ...names.map((name) =>
          data
            .watchChanges(dbOf(name), options.lookups[name].collection)
            .pipe(mergeMap((change) => (whole.includes(name) && seen(change.doc), whenLoaded(() => onLookup(name, change.id, change.doc as unknown as Doc | null)), []))),
        ),
      ),
    ),
  );

  /** The referenced documents of these rows, read by id (the lookups that read only those). */
  const readReferenced = async (rows: readonly P[]) => {
    const data = await queries();
    const docs = await Promise.all(
      referenced.map((name) => {
        const keys = new Set<string>();
        for (const row of rows) {
          const key = options.lookups[name].foreignKey(row);
          if (key) keys.add(key);
        }
        return data.readDocsByIds(dbOf(name), options.lookups[name].collection, [...keys]) as unknown as Promise<Doc[]>;
      }),
    );
    referenced.forEach((name, index) => {
      const map = found.get(name)!;
      for (const doc of docs[index]!) map.set(doc.id, options.lookups[name].slim(doc));
    });
  };
  /** The rows joined from what was read; the changes seen meanwhile are applied after them. */
  const loadedFrom = (rows: readonly P[]): T[] => {
    for (const row of rows) {
      primaries.set(row.id, row);
      link(row, true);
    }
    const result = rows.map(joined);
    loaded = true;
    for (const apply of early.splice(0)) apply();
    return result;
  };

  return {
    allRows: async () => {
      const data = await queries();
      const [docs, ...lookupDocs] = (await Promise.all([
        data.readAllDocs(db, options.primary),
        ...whole.map((name) => data.readAllDocs(dbOf(name), options.lookups[name].collection)),
      ])) as unknown as [P[], ...Doc[][]];
      const rows = docs.map(slimPrimary);
      whole.forEach((name, index) => {
        const map = found.get(name)!;
        for (const doc of lookupDocs[index] as Doc[]) map.set(doc.id, options.lookups[name].slim(doc));
      });
      await readReferenced(rows);
      return loadedFrom(rows);
    },
    savable: {
      async latestWrite() {
        const data = await queries();
        const writes = await Promise.all([
          data.latestWrite(db, options.primary),
          ...whole.map((name) => data.latestWrite(dbOf(name), options.lookups[name].collection)),
        ]);
        const latest = Math.max(...writes);
        lastWrite = Number.isFinite(lastWrite) ? Math.max(lastWrite, latest) : latest;
        return latest;
      },
      lastWrite: () => lastWrite,
      state: (): JoinedState<P> => ({
        primaries: [...primaries.values()],
        found: Object.fromEntries(whole.map((name) => [name, [...found.get(name)!.values()]])),
      }),
      async restore(saved, since) {
        const state = saved as JoinedState<P>;
        if (!Array.isArray(state?.primaries) || whole.some((name) => !Array.isArray(state.found?.[name]))) throw new Error('Unexpected saved list');
        const data = await queries();
        // What was written since the list was saved (pulled at unlock), read by write time.
        const [primaryChanges, ...lookupChanges] = await Promise.all([
          data.readChangedSince(db, options.primary, since),
          ...whole.map((name) => data.readChangedSince(dbOf(name), options.lookups[name].collection, since)),
        ]);
        const rows = new Map(state.primaries.map((row) => [row.id, row]));
        for (const change of primaryChanges!) {
          if (change.doc) rows.set(change.id, slimPrimary(change.doc as unknown as P));
          else rows.delete(change.id);
        }
        // A record removed from the device for good (RxDB's cleanup) leaves no change behind.
        if (rows.size !== (await data.countDocs(db, options.primary))) throw new Error('The saved list does not match the records');
        whole.forEach((name, index) => {
          const map = found.get(name)!;
          map.clear();
          for (const doc of state.found[name]!) map.set(doc.id, doc);
          for (const change of lookupChanges[index]!) {
            if (change.doc) map.set(change.id, options.lookups[name].slim(change.doc as unknown as Doc));
            else map.delete(change.id);
          }
        });
        const list = [...rows.values()];
        await readReferenced(list);
        return loadedFrom(list);
      },
    },
    changes: new Observable<ListChange<T>>((subscriber) => {
      const forwarding = out.subscribe(subscriber);
      const reading = sources.subscribe({ error: (error: unknown) => subscriber.error(error) });
      return () => {
        forwarding.unsubscribe();
        reading.unsubscribe();
      };
    }),
    lastWrite: () => Number.NaN,
    fromSaved: () => false,
  };
}
