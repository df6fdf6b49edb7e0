// The functions' configuration: which API key they act with, new keys first, legacy keys
// as the fallback, and a clear error when none is set.
import { describe, expect, it } from 'vitest';
import { readConfig } from './env.ts';

const base = { SUPABASE_URL: 'https://project.supabase.co' };
const configOf = (env: Record<string, string>) => readConfig((name) => env[name]);

describe('function keys', () => {
  it('take the default of the hosted JSON dictionaries first', () => {
    const config = configOf({
      ...base,
      SUPABASE_PUBLISHABLE_KEYS: '{"web":"sb_publishable_web","default":"sb_publishable_default"}',
      SUPABASE_SECRET_KEYS: '{"default":"sb_secret_default"}',
      SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_single',
      SUPABASE_SECRET_KEY: 'sb_secret_single',
      SUPABASE_ANON_KEY: 'legacy-anon',
      SUPABASE_SERVICE_ROLE_KEY: 'legacy-service',
    });
    expect([config.anonKey, config.serviceRoleKey]).toEqual(['sb_publishable_default', 'sb_secret_default']);
  });

  it('take a dictionary\'s first key when it has no default', () => {
    const config = configOf({ ...base, SUPABASE_PUBLISHABLE_KEYS: '{"web":"sb_publishable_web"}', SUPABASE_SECRET_KEYS: '{"internal":"sb_secret_internal"}' });
    expect([config.anonKey, config.serviceRoleKey]).toEqual(['sb_publishable_web', 'sb_secret_internal']);
  });

  it('fall back to the single keys, then to the legacy keys', () => {
    const single = configOf({ ...base, SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_single', SUPABASE_SECRET_KEY: 'sb_secret_single', SUPABASE_SERVICE_ROLE_KEY: 'legacy-service' });
    expect([single.anonKey, single.serviceRoleKey]).toEqual(['sb_publishable_single', 'sb_secret_single']);
    const legacy = configOf({ ...base, SUPABASE_PUBLISHABLE_KEYS: 'not json', SUPABASE_SECRET_KEYS: '{}', SUPABASE_ANON_KEY: 'legacy-anon', SUPABASE_SERVICE_ROLE_KEY: 'legacy-service' });
    expect([legacy.anonKey, legacy.serviceRoleKey]).toEqual(['legacy-anon', 'legacy-service']);
  });

  it('name the variables to set when no key is there', () => {
    expect(() => configOf({ ...base, SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_single' })).toThrow(
      'Missing environment variable SUPABASE_SECRET_KEY (or SUPABASE_SECRET_KEYS, or the legacy SUPABASE_SERVICE_ROLE_KEY)',
    );
    expect(() => configOf({ SUPABASE_SECRET_KEY: 'sb_secret_single', SUPABASE_ANON_KEY: 'a' })).toThrow('Missing environment variable SUPABASE_URL');
  });
});
