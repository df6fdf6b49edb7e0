/**
 * Where new versions come from: the reference-data Edge Function (a GET with the user's
 * token; plain fetch, as supabase-js' invoke only POSTs JSON bodies by default). The device
 * asks for a data set only when the manifest names a version it does not have, so it sends
 * no If-None-Match (which would also cost a CORS preflight header); the function still
 * answers ETags and 304s for HTTP caches and other clients.
 */
import type { ReferenceAsset, ReferenceDataSetName, ReferenceManifest } from '../lab/reference-types.ts';

export interface ReferenceSource {
  manifest(): Promise<ReferenceManifest>;
  /** The data set's current asset. */
  asset(name: ReferenceDataSetName): Promise<ReferenceAsset>;
}

export class ReferenceFetchError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ReferenceFetchError';
  }
}

export interface FunctionSourceOptions {
  supabaseUrl: string;
  anonKey: string;
  /** The signed-in user's access token, or null (then nothing is fetched). */
  accessToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

export function functionSource(options: FunctionSourceOptions): ReferenceSource {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = `${options.supabaseUrl.replace(/\/+$/, '')}/functions/v1/reference-data`;

  async function get(query: string): Promise<Response> {
    const token = await options.accessToken();
    if (!token) throw new ReferenceFetchError('Not signed in: the reference data is fetched once the session is back.', null);
    const headers: Record<string, string> = { apikey: options.anonKey, Authorization: `Bearer ${token}` };
    let response: Response;
    try {
      response = await doFetch(`${base}${query}`, { headers, cache: 'no-store' });
    } catch (error) {
      throw new ReferenceFetchError(`The reference data could not be fetched (${error instanceof Error ? error.message : String(error)}).`, null);
    }
    if (response.status !== 200) {
      let message = `The reference data could not be fetched (HTTP ${response.status}).`;
      try {
        const body = (await response.json()) as { error?: unknown };
        if (typeof body.error === 'string') message = body.error;
      } catch {
        // Not JSON: keep the status.
      }
      throw new ReferenceFetchError(message, response.status);
    }
    return response;
  }

  return {
    async manifest() {
      return (await (await get('')).json()) as ReferenceManifest;
    },
    async asset(name) {
      return (await (await get(`?set=${encodeURIComponent(name)}`)).json()) as ReferenceAsset;
    },
  };
}
