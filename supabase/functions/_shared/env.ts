// The configuration every function reads from its environment, with the registries' public
// defaults. The local stack points the registry URLs at its simulator; hosted Supabase
// provides SUPABASE_URL and the keys; CMS dataset ids are configuration because CMS may
// mint new ones with a release.
//
// Keys: Supabase's publishable and secret API keys (`sb_publishable_…`, `sb_secret_…`)
// replace the legacy anon and service_role JWTs, which a project may turn off
// (https://supabase.com/docs/guides/api/api-keys). Hosted functions get the new ones as
// JSON dictionaries, SUPABASE_PUBLISHABLE_KEYS / SUPABASE_SECRET_KEYS ({"default": …}),
// (https://supabase.com/docs/guides/functions/secrets); a self-hosted runtime may export a
// single SUPABASE_PUBLISHABLE_KEY / SUPABASE_SECRET_KEY. The legacy keys are the fallback.

export interface FunctionConfig {
  supabaseUrl: string;
  /** The publishable key, or the legacy anon key. */
  anonKey: string;
  /** The secret key, or the legacy service_role key: the functions' service client. */
  serviceRoleKey: string;
  nppesApiUrl: string;
  cmsDataApiUrl: string;
  ppefDatasetId: string;
  orderReferringDatasetId: string;
  /** Time allowed for one registry attempt. */
  registryTimeoutMs: number;
  /** Pause before the one retry of a registry call. */
  registryRetryDelayMs: number;
  /** Where invite links send the new user to choose a password (optional). */
  inviteRedirectUrl: string | null;
  /** The OIG's LEIE file (UPDATED.csv); the local stack points it at its simulator. */
  oigLeieUrl: string;
}

export const DEFAULT_OIG_LEIE_URL = 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv';

export const DEFAULT_PPEF_DATASET_ID = '2457ea29-fc82-48b0-86ec-3b0755de7515';
export const DEFAULT_ORDER_REFERRING_DATASET_ID = 'c99b5865-1119-4436-bb80-c5af2773ea1f';

export function readConfig(get: (name: string) => string | undefined = (name) => Deno.env.get(name)): FunctionConfig {
  const siteUrl = get('SITE_URL');
  return {
    supabaseUrl: required(get, 'SUPABASE_URL'),
    anonKey: apiKey(get, 'SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_PUBLISHABLE_KEY', 'SUPABASE_ANON_KEY'),
    serviceRoleKey: apiKey(get, 'SUPABASE_SECRET_KEYS', 'SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY'),
    nppesApiUrl: get('NPPES_API_URL') || 'https://npiregistry.cms.hhs.gov/api/',
    cmsDataApiUrl: get('CMS_DATA_API_URL') || 'https://data.cms.gov/data-api/v1',
    ppefDatasetId: get('CMS_PPEF_DATASET_ID') || DEFAULT_PPEF_DATASET_ID,
    orderReferringDatasetId: get('CMS_ORDER_REFERRING_DATASET_ID') || DEFAULT_ORDER_REFERRING_DATASET_ID,
    registryTimeoutMs: positiveInt(get('REGISTRY_TIMEOUT_MS'), 8000),
    registryRetryDelayMs: positiveInt(get('REGISTRY_RETRY_DELAY_MS'), 200),
    inviteRedirectUrl: get('INVITE_REDIRECT_URL') || (siteUrl ? `${siteUrl.replace(/\/+$/, '')}/auth/set-password` : null),
    oigLeieUrl: get('OIG_LEIE_URL') || DEFAULT_OIG_LEIE_URL,
  };
}

/** The `default` key of a JSON dictionary (else its first), the single key, or the legacy key. */
function apiKey(get: (name: string) => string | undefined, dictionary: string, single: string, legacy: string): string {
  const fromDictionary = keyOfDictionary(get(dictionary));
  const key = fromDictionary || get(single) || get(legacy);
  if (!key) throw new Error(`Missing environment variable ${single} (or ${dictionary}, or the legacy ${legacy})`);
  return key;
}

function keyOfDictionary(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const keys = parsed as Record<string, unknown>;
    const value = typeof keys.default === 'string' ? keys.default : Object.values(keys).find((item) => typeof item === 'string');
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

function required(get: (name: string) => string | undefined, name: string): string {
  const value = get(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}
