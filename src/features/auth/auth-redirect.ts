/**
 * Where a user goes once signed in: back to the page the guard turned them away from, else
 * the welcome page the first time, else the dashboard.
 */
import type { User } from '../../lib/supabase.ts';
import { needsWelcome } from '../../stores/session-store.ts';

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

export function redirectAfterSignIn(state: unknown, user: User | null): string {
  const from = (state as FromState | null)?.from;
  if (from && typeof from.pathname === 'string' && from.pathname.startsWith('/') && !from.pathname.startsWith('/auth')) {
    const search = typeof from.search === 'string' ? from.search : '';
    const hash = typeof from.hash === 'string' ? from.hash : '';
    return `${from.pathname}${search}${hash}`;
  }
  return needsWelcome(user) ? '/welcome' : '/dashboard';
}
