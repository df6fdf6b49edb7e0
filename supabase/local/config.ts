/**
 * Settings of the local stack. The JWT secret, the legacy anon/service_role keys and the
 * publishable/secret API keys are the Supabase CLI's well-known local ones, so an app
 * configured for `supabase start` works unchanged with either kind of key.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimitConfig } from './auth/rate-limits.ts';
import { readApiConfig } from './api-config.ts';

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/**
 * The API keys that replace the legacy JWT keys (https://supabase.com/docs/guides/api/api-keys):
 * not JWTs; the publishable key acts as `anon`, the secret key as `service_role`. These are
 * the values `supabase start` prints.
 */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export const DEFAULT_PORT = 54321;
export const DEFAULT_HOST = '127.0.0.1';

/** Access tokens live one hour, as on hosted Supabase; tests may shorten it. */
export const DEFAULT_JWT_EXPIRY_SECONDS = 3600;

const here = path.dirname(fileURLToPath(import.meta.url));
export const SUPABASE_DIR = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SUPABASE_DIR, '..');
export const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations');
export const SEED_FILE = path.join(SUPABASE_DIR, 'seed.sql');
/** The local stack's demo logins, roles and delegates: applied after SEED_FILE, never deployed. */
export const DEMO_LOGINS_FILE = path.join(SUPABASE_DIR, 'local', 'db', 'demo-logins.sql');
export const FUNCTIONS_DIR = path.join(SUPABASE_DIR, 'functions');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.stack-data', 'pglite');

export interface StackConfig {
  host: string;
  port: number;
  /** Folder of the PGlite data; `null` keeps the database in memory (tests). */
  dataDir: string | null;
  /** Start over: delete the data folder before opening it. */
  reset: boolean;
  /** Skip supabase/seed.sql on a fresh database (contract tests seed their own rows). */
  seed: boolean;
  jwtExpirySeconds: number;
  /** Public URL of the app, the default redirect target of invite links. */
  siteUrl: string;
  /** Quiet: no request log lines (tests). */
  quiet: boolean;
  /** Auth's per-address limits on /token and /verify (hosted GoTrue's defaults). */
  authRateLimits: AuthRateLimitConfig;
  /** The Data API's cap on rows per answer: config.toml's `[api] max_rows` (null: none). */
  maxRows: number | null;
  /** The simulated laboratory (lis/README.md). */
  lis: LisStackConfig;
}

/** Settings of the LIS simulator; env LIS_SIM_* gives the defaults (see lis/README.md). */
export interface LisStackConfig {
  /** MLLP port; 0 = a free port (the one taken is printed and given to the functions). */
  port: number;
  resultDelayMs: number;
  /** Accepted order codes; null = the simulator's demo set. */
  testCodes: string[] | null;
  /** Where results go: an HTTPS URL (signed with LIS_INBOUND_SECRET) or host:port for MLLP; null = kept, not sent. */
  resultsUrl: string | null;
  resultsMllp: string | null;
  /** The product's MLLP results listener (mllp/results-listener.ts); 0 = a free port. */
  resultsListenerPort: number;
}

/** The API keys the local mail catcher and fax simulator accept (the functions get them by default). */
export const LOCAL_EMAIL_API_KEY = 're_local_development_key';
export const LOCAL_FAX_API_KEY = 'local-fax-api-key';

/** The shared secret the laboratory signs its results with over HTTPS (x-lis-signature), locally. */
export const LOCAL_LIS_SECRET = 'local-lis-shared-secret';

function lisFromEnv(env: NodeJS.ProcessEnv): LisStackConfig {
  const int = (value: string | undefined, fallback: number) => (value && /^\d+$/.test(value) ? Number(value) : fallback);
  const codes = env.LIS_SIM_TEST_CODES?.split(',').map((c) => c.trim()).filter(Boolean);
  return {
    port: int(env.LIS_SIM_PORT, 0),
    resultDelayMs: int(env.LIS_SIM_RESULT_DELAY_MS, 5000),
    testCodes: codes?.length ? codes : null,
    resultsUrl: env.LIS_SIM_RESULTS_URL || null,
    resultsMllp: env.LIS_SIM_RESULTS_MLLP || null,
    resultsListenerPort: int(env.LIS_RESULTS_MLLP_PORT, 0),
  };
}

/** What callers of startStack may set: any setting, and any part of the simulators' ones. */
export type StackOverrides = Partial<Omit<StackConfig, 'lis'>> & { lis?: Partial<LisStackConfig> };

export function defaultConfig(overrides: StackOverrides = {}): StackConfig {
  return {
    host: DEFAULT_HOST,
    port: DEFAULT_PORT,
    dataDir: DEFAULT_DATA_DIR,
    reset: false,
    seed: true,
    jwtExpirySeconds: DEFAULT_JWT_EXPIRY_SECONDS,
    siteUrl: process.env.SITE_URL ?? 'http://127.0.0.1:4173',
    quiet: false,
    authRateLimits: DEFAULT_AUTH_RATE_LIMITS,
    maxRows: readApiConfig(path.join(SUPABASE_DIR, 'config.toml')).maxRows,
    ...overrides,
    lis: { ...lisFromEnv(process.env), ...overrides.lis },
  };
}
