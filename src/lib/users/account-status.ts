/** Where an account stands, by the rule the functions apply too (supabase/functions/_shared/users). */
export * from '../../../supabase/functions/_shared/users/account-status.ts';
