/** The staff invitation's rules, shared with invite-user (supabase/functions/_shared/users). */
export * from '../../../supabase/functions/_shared/users/staff-invite.ts';
