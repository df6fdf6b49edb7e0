/** Where the app's local stack is (set by playwright.config.ts) and its well-known keys. */
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';

export const STACK_URL = process.env.E2E_STACK_URL ?? 'http://127.0.0.1:54391';
export { ANON_KEY, SERVICE_ROLE_KEY };
