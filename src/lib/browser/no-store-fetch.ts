/**
 * A fetch that keeps nothing in the browser's HTTP cache, and reads nothing from it: the
 * Supabase client's transport (src/lib/supabase.ts). Its answers carry patient data (PHI),
 * and an answer the browser kept would stay in the profile's disk cache in plain text after
 * sign-out (the sign-out wipe clears Cache Storage and IndexedDB; the HTTP cache is the
 * browser's). Hosted Supabase's Data API sends no Cache-Control on its JSON answers and
 * Storage sends the object's own (`max-age=3600` unless the upload said otherwise), so the
 * device does not rely on the server's headers (docs/data-model.md, "What the browser keeps").
 */
export function noStoreFetch(base: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return (input, init) => base(input, { ...init, cache: 'no-store' });
}
