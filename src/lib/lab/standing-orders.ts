/** The app's door to the shared rule of standing orders (supabase/functions/_shared/lab/standing-orders.ts). */
export * from '../../../supabase/functions/_shared/lab/standing-orders.ts';
