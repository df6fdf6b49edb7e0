// One GET of a public registry (NPPES, the CMS data API) with a timeout per attempt and a
// retry, reading the body as JSON. Registries answer 200 with broken or empty bodies during
// incidents, so success here means "a JSON document arrived", not merely "status 200";
// except where the caller says an empty 200 body means "no rows" (the CMS data API sends
// one for a query without matches), which then arrives as `body: undefined`.
// Web APIs only (fetch, AbortSignal.timeout): it runs in Deno and is unit-tested in Node.

export type RegistryFailureReason = 'timeout' | 'network' | 'http' | 'malformed' | 'empty';

export type RegistryFetchResult =
  | { ok: true; status: number; body: unknown; attempts: number; lastModified?: string }
  | { ok: false; reason: RegistryFailureReason; status: number | null; detail: string; attempts: number };

export interface RegistryFetchOptions {
  /** Time allowed for one attempt (request and body), in milliseconds. */
  timeoutMs: number;
  /** Further attempts after the first failure (the issue asks for one). */
  retries: number;
  /** Pause before a retry; public clients space registry calls about 200 ms apart. */
  retryDelayMs: number;
  /** An empty 200 body is an answer with no rows (`body: undefined`), not a failure. */
  emptyBodyIsNoRows?: boolean;
  fetchImpl?: typeof fetch;
}

export async function fetchRegistryJson(url: string, options: RegistryFetchOptions): Promise<RegistryFetchResult> {
  const attempts = options.retries + 1;
  let last: RegistryFetchResult | null = null;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    if (attempt > 1 && options.retryDelayMs > 0) await delay(options.retryDelayMs);
    last = await attemptOnce(url, options, attempt);
    // A 4xx is the registry refusing this request: asking again gives the same answer.
    if (last.ok || (last.reason === 'http' && last.status !== null && last.status < 500 && last.status !== 429)) {
      return last;
    }
  }
  // attempts >= 1, so the loop ran and `last` is set.
  return last as RegistryFetchResult;
}

async function attemptOnce(url: string, options: RegistryFetchOptions, attempt: number): Promise<RegistryFetchResult> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    return failure(error, signal, attempt);
  }
  let text: string;
  try {
    // The timeout signal also covers reading the body: a registry that stalls mid-body times out.
    text = await response.text();
  } catch (error) {
    return failure(error, signal, attempt);
  }
  if (!response.ok) {
    return {
      ok: false,
      reason: 'http',
      status: response.status,
      detail: `HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
      attempts: attempt,
    };
  }
  // The dataset's release, when the registry says when its data last changed.
  const lastModified = releaseDate(response.headers.get('last-modified'));
  if (text.trim() === '' && options.emptyBodyIsNoRows) {
    return { ok: true, status: response.status, body: undefined, attempts: attempt, ...lastModified };
  }
  if (text.trim() === '') {
    return { ok: false, reason: 'empty', status: response.status, detail: 'empty response body', attempts: attempt };
  }
  try {
    return { ok: true, status: response.status, body: JSON.parse(text) as unknown, attempts: attempt, ...lastModified };
  } catch {
    return {
      ok: false,
      reason: 'malformed',
      status: response.status,
      detail: `invalid JSON (${text.length} characters)`,
      attempts: attempt,
    };
  }
}

function releaseDate(header: string | null): { lastModified?: string } {
  if (!header) return {};
  const time = Date.parse(header);
  return Number.isNaN(time) ? {} : { lastModified: new Date(time).toISOString() };
}

function failure(error: unknown, signal: AbortSignal, attempt: number): RegistryFetchResult {
  const timedOut = signal.aborted || (error instanceof DOMException && error.name === 'TimeoutError');
  if (timedOut) return { ok: false, reason: 'timeout', status: null, detail: 'timed out', attempts: attempt };
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, reason: 'network', status: null, detail: message, attempts: attempt };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
