/**
 * Rows the server refused on push, between the push handler (which learns of them) and
 * the conflict handler (which resets the local record): a refused row is handed to RxDB
 * as a conflict whose "master" is the server's row (or a tombstone when the server has
 * none), and this registry tells the conflict handler to take that master as it is
 * instead of merging — so the refused change is neither kept nor pushed again.
 * It also carries stale downloaded copies (see `adoptServerCopy`), resolved the same way.
 */
import type { SyncedTable } from '../tables/definitions.ts';

export interface Rejection {
  code: string;
  message: string;
}

const SERVER_COPY: Rejection = { code: 'server-copy', message: 'a stale downloaded copy takes the server row' };

export class RejectionRegistry {
  private readonly entries = new Map<string, Rejection>();

  private static key(table: SyncedTable, id: string): string {
    return `${table}\u0000${id}`;
  }

  add(table: SyncedTable, id: string, rejection: Rejection): void {
    this.entries.set(RejectionRegistry.key(table, id), rejection);
  }

  /**
   * A clean copy the server has newer: its conflict takes the server's row as it is, with
   * no notice (there is no local edit in it to tell about).
   */
  adoptServerCopy(table: SyncedTable, id: string): void {
    this.entries.set(RejectionRegistry.key(table, id), SERVER_COPY);
  }

  /** The rejection of a row, removed from the registry (each is resolved once). */
  take(table: SyncedTable, id: string): Rejection | undefined {
    const key = RejectionRegistry.key(table, id);
    const rejection = this.entries.get(key);
    this.entries.delete(key);
    return rejection;
  }

  discard(table: SyncedTable, ids: readonly string[]): void {
    for (const id of ids) this.entries.delete(RejectionRegistry.key(table, id));
  }

  get size(): number {
    return this.entries.size;
  }
}
