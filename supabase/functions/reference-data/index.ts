// reference-data: the laboratory's reference data for devices to cache (any user with an
// active role, as row-level security decides: the reads go through the caller's own token).
//
//   GET /reference-data             the manifest: {data_sets: [{name, version, release,
//                                   published_at, item_count, etag}]} (never cached)
//   GET /reference-data?set=<name>  one data set's asset ({name, version, release,
//                                   published_at, data}) with its ETag; If-None-Match
//                                   with the current ETag answers 304 without a body
//
// The asset is built by the database when a version is published and streamed through as
// it is, so a 75,000-code ICD-10-CM release is not parsed here.
import { bearerToken, identifyCaller } from '../_shared/caller.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { readConfig, type FunctionConfig } from '../_shared/env.ts';
import { errorResponse, json } from '../_shared/http.ts';
import { REFERENCE_DATA_SETS, isReferenceDataSetName, referenceEtag, type ReferenceManifestEntry } from '../_shared/lab/reference-types.ts';
import { serviceClient } from '../_shared/supabase.ts';

/** A client may send If-None-Match and read ETag across origins. */
const headers: Record<string, string> = {
  ...corsHeaders,
  'Access-Control-Allow-Headers': `${corsHeaders['Access-Control-Allow-Headers']}, if-none-match`,
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Expose-Headers': 'ETag',
};

type ManifestRow = Omit<ReferenceManifestEntry, 'etag'>;

function rest(config: FunctionConfig, token: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: config.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
  });
}

async function manifest(config: FunctionConfig, token: string): Promise<ReferenceManifestEntry[] | null> {
  const response = await rest(config, token, 'reference_data_sets?select=name,version,release,published_at,item_count&order=name');
  if (!response.ok) {
    console.error('reference-data: reading the manifest failed', response.status, await response.text());
    return null;
  }
  const rows = (await response.json()) as ManifestRow[];
  return REFERENCE_DATA_SETS.flatMap((name) => {
    const row = rows.find((item) => item.name === name);
    return row ? [{ ...row, etag: referenceEtag(name, row.version) }] : [];
  });
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers });
  if (req.method !== 'GET') return json(405, { error: 'Use GET.', code: 'method_not_allowed' }, headers);
  const config = readConfig();
  const identified = await identifyCaller(req, serviceClient(config));
  if (!identified.ok) return identified.response;
  const token = bearerToken(req)!;
  const entries = await manifest(config, token);
  if (!entries) return errorResponse(502, 'reference_unavailable', 'The reference data could not be read. Please try again.');
  // Who may read is the database's rule (private.reads_reference_data): no rows, no access.
  if (entries.length === 0) {
    return json(403, { error: 'Reference data is for users with a role: ask an admin to approve your account.', code: 'forbidden' }, headers);
  }

  const set = new URL(req.url).searchParams.get('set');
  if (set === null) return json(200, { data_sets: entries }, { ...headers, 'Cache-Control': 'no-store' });
  if (!isReferenceDataSetName(set)) {
    return json(400, { error: `There is no reference data set "${set}" (${REFERENCE_DATA_SETS.join(', ')}).`, code: 'unknown_set' }, headers);
  }
  const entry = entries.find((item) => item.name === set);
  if (!entry) return json(403, { error: 'You may not read this reference data.', code: 'forbidden' }, headers);
  const cacheHeaders = { ...headers, ETag: entry.etag, 'Cache-Control': 'private, no-cache' };
  if (req.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers: cacheHeaders });

  const asset = await rest(config, token, 'rpc/reference_asset', { method: 'POST', body: JSON.stringify({ p_name: set }) });
  if (!asset.ok || !asset.body) {
    console.error('reference-data: reading the asset failed', asset.status);
    return errorResponse(502, 'reference_unavailable', 'The reference data could not be read. Please try again.');
  }
  // The asset carries its own version; an import between the two reads only makes it newer.
  return new Response(asset.body, { status: 200, headers: { ...cacheHeaders, 'Content-Type': 'application/json; charset=utf-8' } });
}

Deno.serve(async (req) => {
  try {
    return await handle(req);
  } catch (error) {
    console.error('reference-data failed', error);
    return errorResponse(500, 'internal_error', 'The reference-data Edge Function failed unexpectedly (HTTP 500).');
  }
});
