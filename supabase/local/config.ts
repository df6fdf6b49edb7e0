/**
 * Settings of the local stack. The JWT secret, the legacy anon/service_role keys and the
 * publishable/secret API keys are the Supabase CLI's well-known local ones, so an app
 * configured for `supabase start` works unchanged with either kind of key.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  /** The Data API's cap on rows per answer: config.toml's `[api] max_rows` (null: none). */
  maxRows: number | null;
}

export function defaultConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  return {
    host: DEFAULT_HOST,
    port: DEFAULT_PORT,
    dataDir: DEFAULT_DATA_DIR,
    reset: false,
    seed: true,
    jwtExpirySeconds: DEFAULT_JWT_EXPIRY_SECONDS,
    siteUrl: process.env.SITE_URL ?? 'http://127.0.0.1:4173',
    quiet: false,
    maxRows: readApiConfig(path.join(SUPABASE_DIR, 'config.toml')).maxRows,
    ...overrides,
  };
}
