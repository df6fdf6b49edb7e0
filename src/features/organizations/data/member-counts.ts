/**
 * How many active providers each organization has (the list's "Active providers" column
 * and the manage page's header), from the local memberships: read once, then kept current
 * from their change stream, shared by every view of one database. A membership counts when
 * it is active and not deleted.
 */
import { useSyncExternalStore } from 'react';
import type { LocalDatabase, MembershipDoc } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';

type Counts = ReadonlyMap<string, number>;

const EMPTY: Counts = new Map();

class MemberCounts {
  private readonly byMembership = new Map<string, string | null>();
  private counts: Counts = EMPTY;
  private readonly listeners = new Set<() => void>();
  private stop: (() => void) | null = null;
  private queued: Array<{ id: string; doc: MembershipDoc | null }> | null = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly db: LocalDatabase) {}

  getSnapshot = (): Counts => this.counts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.stop) this.start();
    return () => {
      this.listeners.delete(listener);
    };
  };

  private start(): void {
    let cancelled = false;
    let unsubscribe = () => {};
    this.stop = () => {
      cancelled = true;
      unsubscribe();
    };
    void import('../../../db/index.ts').then(async (data) => {
      if (cancelled) return;
      const subscription = data.watchChanges(this.db, 'memberships').subscribe((change) => this.enqueue(change));
      unsubscribe = () => subscription.unsubscribe();
      try {
        for (const doc of await data.readAllDocs(this.db, 'memberships')) this.byMembership.set(doc.id, doc.is_active ? doc.organization_id : null);
      } catch (error) {
        console.error('[organizations] counting the active providers failed', error);
      }
      const early = this.queued ?? [];
      this.queued = null;
      for (const change of early) this.apply(change);
      this.publish();
    });
  }

  private enqueue(change: { id: string; doc: MembershipDoc | null }): void {
    if (this.queued) {
      this.queued.push(change);
      return;
    }
    this.apply(change);
    // A sync page brings many memberships: one recount for the batch.
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      this.publish();
    }, 0);
  }

  private apply({ id, doc }: { id: string; doc: MembershipDoc | null }): void {
    if (doc && doc.is_active) this.byMembership.set(id, doc.organization_id);
    else this.byMembership.set(id, null);
  }

  private publish(): void {
    const counts = new Map<string, number>();
    for (const organizationId of this.byMembership.values()) {
      if (organizationId) counts.set(organizationId, (counts.get(organizationId) ?? 0) + 1);
    }
    this.counts = counts;
    for (const listener of this.listeners) listener();
  }
}

const stores = new WeakMap<LocalDatabase, MemberCounts>();
const none = { subscribe: () => () => {}, getSnapshot: () => EMPTY };

/** Active providers per organization id (empty until the memberships are read). */
export function useActiveMemberCounts(): Counts {
  const db = useLocalDatabase();
  let store: MemberCounts | undefined;
  if (db) {
    store = stores.get(db);
    if (!store) stores.set(db, (store = new MemberCounts(db)));
  }
  const active = store ?? none;
  return useSyncExternalStore(active.subscribe, active.getSnapshot, active.getSnapshot);
}
