/**
 * A switchable network for one simulated browser: a `fetch` for supabase-js that fails like
 * a dropped connection while "offline", and the matching Connectivity the data layer reads
 * (what window's online/offline events are in a browser).
 */
import type { Connectivity } from '../../../src/db/connectivity.ts';

export class NetworkSwitch implements Connectivity {
  private online = true;
  private readonly listeners = new Set<(online: boolean) => void>();
  private readonly returnListeners = new Set<() => void>();
  /** Requests that reached the server, by method and path (e.g. `POST /rest/v1/rpc/sync_push`). */
  readonly requests: string[] = [];
  /** The `p_rows` of every sync_push call that reached the server, by table. */
  readonly pushed: Array<{ table: string; rows: Array<{ new: { id: string }; assumed: unknown }> }> = [];

  /** sync_push calls for these tables wait this long before they are sent (a slow push). */
  readonly pushDelayMs = new Map<string, number>();
  /** How many sync_push calls started waiting for their delay (they are sent even if offline meanwhile). */
  delayedPushes = 0;

  /** sync_push calls for these tables reach the server at once, but their answer arrives this much later. */
  readonly answerDelayMs = new Map<string, number>();

  /** The next N sync_push calls of a table reach the server, but their answer is lost. */
  readonly loseAnswers = new Map<string, number>();

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!this.online) throw new TypeError('fetch failed (offline)');
    const path = new URL(request.url).pathname;
    if (path.endsWith('/rpc/sync_push')) {
      const body = (await request.clone().json()) as { p_table: string; p_rows: NetworkSwitch['pushed'][number]['rows'] };
      const delay = this.pushDelayMs.get(body.p_table);
      if (delay) {
        this.delayedPushes += 1;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
      this.pushed.push({ table: body.p_table, rows: body.p_rows });
    }
    this.requests.push(`${request.method} ${path}`);
    const lost = path.endsWith('/rpc/sync_push') ? this.takeLostAnswer(this.pushed.at(-1)?.table) : false;
    const response = await fetch(request);
    if (lost) throw new TypeError('fetch failed (connection reset after the request was sent)');
    const answerDelay = path.endsWith('/rpc/sync_push') ? this.answerDelayMs.get(this.pushed.at(-1)?.table ?? '') : undefined;
    if (answerDelay) await new Promise((resolve) => setTimeout(resolve, answerDelay));
    return response;
  };

  private takeLostAnswer(table: string | undefined): boolean {
    const left = table ? (this.loseAnswers.get(table) ?? 0) : 0;
    if (left <= 0 || !table) return false;
    this.loseAnswers.set(table, left - 1);
    return true;
  }

  /** How many times a row was sent to sync_push. */
  timesPushed(id: string): number {
    return this.pushed.reduce((sum, call) => sum + call.rows.filter((row) => row.new.id === id).length, 0);
  }

  isOnline(): boolean {
    return this.online;
  }

  onChange(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onReturn(listener: () => void): () => void {
    this.returnListeners.add(listener);
    return () => this.returnListeners.delete(listener);
  }

  setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    for (const listener of this.listeners) listener(online);
  }

  count(prefix: string): number {
    return this.requests.filter((line) => line.startsWith(prefix)).length;
  }
}
