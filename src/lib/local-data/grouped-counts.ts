/**
 * How many records of a local collection fall under each key (e.g. active providers per
 * organization, pickups asked for today per organization): read once, then kept current
 * from the collection's change stream, shared by every view of one database. Each record
 * remembers the key it counted under, so a change moves one count, and a sync page of many
 * records is one recount for the batch.
 */
import { useSyncExternalStore } from 'react';
import type { DocOf, ListCollectionName, LocalDatabase } from '../../db/index.ts';

export type GroupedCounts = ReadonlyMap<string, number>;

const EMPTY: GroupedCounts = new Map();

export interface CountRule<N extends ListCollectionName> {
  /** Names the counts in logs and keys the shared store. */
  name: string;
  collection: N;
  /** The key a record counts under, or null when it does not count. */
  keyOf(doc: DocOf<N>): string | null;
}

class GroupedCountStore<N extends ListCollectionName> {
  private readonly keyById = new Map<string, string | null>();
  private counts: GroupedCounts = EMPTY;
  private readonly listeners = new Set<() => void>();
  private started = false;
  private queued: Array<{ id: string; doc: DocOf<N> | null }> | null = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** False until the first read is done (a view can tell "none" from "not counted yet"). */
  ready = false;

  constructor(
    private readonly db: LocalDatabase,
    private readonly rule: CountRule<N>,
  ) {}

  getSnapshot = (): GroupedCounts => this.counts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.started) this.start();
    return () => {
      this.listeners.delete(listener);
    };
  };

  private start(): void {
    this.started = true;
    void import('../../db/index.ts').then(async (data) => {
      if (this.db.closed) return;
      data.watchChanges(this.db, this.rule.collection).subscribe((change) => this.enqueue(change));
      try {
        for (const doc of await data.readAllDocs(this.db, this.rule.collection)) this.keyById.set((doc as { id: string }).id, this.rule.keyOf(doc));
      } catch (error) {
        console.error(`[${this.rule.name}] counting failed`, error);
      }
      const early = this.queued ?? [];
      this.queued = null;
      for (const change of early) this.apply(change);
      this.ready = true;
      this.publish();
    });
  }

  private enqueue(change: { id: string; doc: DocOf<N> | null }): void {
    if (this.queued) {
      this.queued.push(change);
      return;
    }
    this.apply(change);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      this.publish();
    }, 0);
  }

  private apply({ id, doc }: { id: string; doc: DocOf<N> | null }): void {
    this.keyById.set(id, doc ? this.rule.keyOf(doc) : null);
  }

  private publish(): void {
    const counts = new Map<string, number>();
    for (const key of this.keyById.values()) if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
    this.counts = counts;
    for (const listener of this.listeners) listener();
  }
}

const stores = new WeakMap<LocalDatabase, Map<string, GroupedCountStore<ListCollectionName>>>();
const none = { subscribe: () => () => {}, getSnapshot: () => EMPTY };

function storeFor<N extends ListCollectionName>(db: LocalDatabase, rule: CountRule<N>): GroupedCountStore<N> {
  let byName = stores.get(db);
  if (!byName) stores.set(db, (byName = new Map()));
  let store = byName.get(rule.name) as GroupedCountStore<N> | undefined;
  if (!store) {
    store = new GroupedCountStore(db, rule);
    byName.set(rule.name, store as unknown as GroupedCountStore<ListCollectionName>);
  }
  return store;
}

/** Counts per key under the rule (empty until the collection is read); `ready` once it is. */
export function useGroupedCounts<N extends ListCollectionName>(db: LocalDatabase | null, rule: CountRule<N>): { counts: GroupedCounts; ready: boolean } {
  const store = db ? storeFor(db, rule) : null;
  const active = store ?? none;
  const counts = useSyncExternalStore(active.subscribe, active.getSnapshot, active.getSnapshot);
  return { counts, ready: store?.ready ?? false };
}
