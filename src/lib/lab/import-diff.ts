/** The app's door to the shared lab rules (supabase/functions/_shared/lab/import-diff.ts), which the server functions apply too. */
export * from '../../../supabase/functions/_shared/lab/import-diff.ts';
