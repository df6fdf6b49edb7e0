/** The app's door to the shared rules of numbers made offline (supabase/functions/_shared/lab/device-numbers.ts). */
export * from '../../../supabase/functions/_shared/lab/device-numbers.ts';
