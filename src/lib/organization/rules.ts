/**
 * The organization rules the app and the database both apply, from the pure shared code of
 * the functions (supabase/functions/_shared/organization): types and bill types, account,
 * CLIA and ZIP formats, US states, contacts, the courier schedule and pickup requests.
 */
export * from '../../../supabase/functions/_shared/organization/account-rules.ts';
export * from '../../../supabase/functions/_shared/organization/schedule-rules.ts';
export * from '../../../supabase/functions/_shared/organization/us-states.ts';
