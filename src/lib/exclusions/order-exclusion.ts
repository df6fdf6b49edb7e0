/** The app's door to the shared exclusion rule for orders (supabase/functions/_shared/exclusions/order-exclusion.ts), which the orders trigger applies too. */
export * from '../../../supabase/functions/_shared/exclusions/order-exclusion.ts';
