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

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!this.online) throw new TypeError('fetch failed (offline)');
    this.requests.push(`${request.method} ${new URL(request.url).pathname}`);
    return fetch(request);
  };

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
