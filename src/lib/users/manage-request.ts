/** manage-user's actions and refusals, shared with the function (supabase/functions/_shared/users). */
export * from '../../../supabase/functions/_shared/users/manage-request.ts';
