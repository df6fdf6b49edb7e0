/**
 * Pushes whose answer never arrived. A push can reach the server and be applied while its
 * answer is lost (a reset connection, a gateway error, a body cut mid-way); RxDB then
 * pushes again against the master state it last saw, and the server reports a conflict
 * whose "server change" is the browser's own earlier write. Merged naively, that earlier
 * write beats the user's newer edit of the same field and the newer edit is lost (the soak
 * in tests/integration/soak.test.ts found this). So every state sent is kept here until an
 * answer accepts it; when a conflict comes back, a server field that equals one of these
 * unacknowledged states came from this browser and does not count as a server change.
 */
import type { SyncedTable } from '../tables/definitions.ts';

type Doc = Record<string, unknown>;

const MAX_STATES_PER_ROW = 10;

export class UnacknowledgedPushes {
  private readonly entries = new Map<string, Doc[]>();

  private static key(table: SyncedTable, id: string): string {
    return `${table}\u0000${id}`;
  }

  /** A state is about to be sent. */
  sent(table: SyncedTable, id: string, doc: Doc): void {
    const key = UnacknowledgedPushes.key(table, id);
    const list = this.entries.get(key) ?? [];
    list.push(doc);
    // A row that keeps failing is sent again and again: the latest few states are enough.
    this.entries.set(key, list.slice(-MAX_STATES_PER_ROW));
  }

  /** The server answered and accepted the row: nothing of it is in doubt any more. */
  acknowledge(table: SyncedTable, id: string): void {
    this.entries.delete(UnacknowledgedPushes.key(table, id));
  }

  /**
   * The states of a row sent without an accepting answer. Kept until a push of the row is
   * accepted: RxDB drops a merge result when the user wrote in between (the write starts a
   * new push, which conflicts again and needs the same states).
   */
  statesOf(table: SyncedTable, id: string): Doc[] {
    return this.entries.get(UnacknowledgedPushes.key(table, id)) ?? [];
  }

  get size(): number {
    return this.entries.size;
  }
}
