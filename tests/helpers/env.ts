/**
 * Where the contract tests point: SUPABASE_URL / SUPABASE_ANON_KEY /
 * SUPABASE_SERVICE_ROLE_KEY (and the new SUPABASE_PUBLISHABLE_KEY / SUPABASE_SECRET_KEY)
 * from the environment (a hosted project), else the local stack that the global setup
 * started, with the CLI's well-known keys.
 */
import { inject } from 'vitest';
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';

export const SUPABASE_URL: string = process.env.SUPABASE_URL ?? inject('stackUrl');
export const SUPABASE_ANON_KEY: string = process.env.SUPABASE_ANON_KEY ?? ANON_KEY;
export const SUPABASE_SERVICE_ROLE_KEY: string = process.env.SUPABASE_SERVICE_ROLE_KEY ?? SERVICE_ROLE_KEY;
export const SUPABASE_PUBLISHABLE_KEY: string = process.env.SUPABASE_PUBLISHABLE_KEY ?? PUBLISHABLE_KEY;
export const SUPABASE_SECRET_KEY: string = process.env.SUPABASE_SECRET_KEY ?? SECRET_KEY;
