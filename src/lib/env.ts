/**
 * Where the app's backend is. A hosted Supabase project is configured at build time with
 * VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY; without them the app talks to the local stack
 * (`npm run stack`) with the Supabase CLI's well-known local anon key, so a fresh clone runs
 * with no configuration at all.
 */

declare global {
  interface ImportMetaEnv {
    readonly VITE_SUPABASE_URL?: string;
    readonly VITE_SUPABASE_ANON_KEY?: string;
  }
}

/** The local stack's default address (supabase/local/config.ts: DEFAULT_HOST, DEFAULT_PORT). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/** The Supabase CLI's local anon key: public by design, identical on every machine. */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

export const env = {
  supabaseUrl: (nonEmpty(import.meta.env.VITE_SUPABASE_URL) ?? LOCAL_SUPABASE_URL).replace(/\/+$/, ''),
  supabaseAnonKey: nonEmpty(import.meta.env.VITE_SUPABASE_ANON_KEY) ?? LOCAL_SUPABASE_ANON_KEY,
} as const;
