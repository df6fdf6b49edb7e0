/**
 * A list whose rows are joined from several collections (a membership with its provider's
 * and its organization's names; later an order with its patient): the primary collection's
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
 * not saved whole for the next visit; its first page is still saved and painted on reload.
 */
import { defer, merge, mergeMap, Observable, Subject } from 'rxjs';
import type { LocalDatabase } from '../../db/index.ts';
import type { DatabaseListDeps } from './list-definition.ts';
import type { IndexedRow, ListChange } from './search-index.ts';

type Doc = Record<string, unknown> & { id: string };

/** The local collections a joined list can read. */
export type JoinableCollection = 'organizations' | 'providers' | 'profiles' | 'user_roles' | 'memberships' | 'preferences' | 'delegates' | 'pickup_requests';

export interface ListLookup<P> {
  collection: JoinableCollection;
  /** The id of the referenced document (null: the row refers to none). */
  foreignKey(row: P): string | null;
  /** What the list keeps of a referenced document. */
  slim(doc: Doc): Doc;
}

export interface JoinedListOptions<P extends IndexedRow, T extends IndexedRow, L extends string> {
  primary: JoinableCollection;
  lookups: Readonly<Record<L, ListLookup<P>>>;
  /** The list row of a primary document and what it refers to (null where not on this device). */
  join(row: P, found: Readonly<Record<L, Doc | null>>): T;
}

const queries = () => import('../../db/index.ts');

export function joinedListDeps<P extends IndexedRow, T extends IndexedRow, L extends string>(
  db: LocalDatabase,
  options: JoinedListOptions<P, T, L>,
): DatabaseListDeps<T> {
  const names = Object.keys(options.lookups) as L[];
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
    primaries.set(id, doc);
    link(doc, true);
    out.next({ type: 'upsert', row: joined(doc) });
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
        data.watchChanges(db, options.primary).pipe(mergeMap((change) => (whenLoaded(() => onPrimary(change.id, change.doc as unknown as P | null)), []))),
        ...names.map((name) =>
          data.watchChanges(db, options.lookups[name].collection).pipe(mergeMap((change) => (whenLoaded(() => onLookup(name, change.id, change.doc as unknown as Doc | null)), []))),
        ),
      ),
    ),
  );

  return {
    allRows: async () => {
      const data = await queries();
      const lookupDocs = await Promise.all(names.map((name) => data.readAllDocs(db, options.lookups[name].collection)));
      names.forEach((name, index) => {
        const map = found.get(name)!;
        for (const doc of lookupDocs[index] as unknown as Doc[]) map.set(doc.id, options.lookups[name].slim(doc));
      });
      const rows = (await data.readAllDocs(db, options.primary)) as unknown as P[];
      for (const row of rows) {
        primaries.set(row.id, row);
        link(row, true);
      }
      const result = rows.map(joined);
      loaded = true;
      // What changed meanwhile, joined now; the list source applies it after these rows.
      for (const apply of early.splice(0)) apply();
      return result;
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
