/**
 * Small helpers for the auth contract tests: raw calls to /auth/v1 (for what
 * supabase-js hides: status codes, headers, redirects), reading a token's claims and
 * reading the links the local stack "mailed".
 */
import { randomUUID } from 'node:crypto';
import { SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';

export const AUTH_URL = `${SUPABASE_URL}/auth/v1`;

export function rawAuth(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', SUPABASE_ANON_KEY);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${AUTH_URL}${path}`, { ...init, headers });
}

export function claimsOf(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export interface MailItem {
  to: string;
  kind: string;
  link: string;
  sentAt: string;
}

/** The newest link the stack "mailed" to `email` (local stack only). */
export async function latestMail(email: string): Promise<MailItem> {
  const response = await fetch(`${SUPABASE_URL}/__stack/mailbox?email=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}` },
  });
  if (response.status !== 200) throw new Error(`mailbox answered ${response.status}`);
  const items = (await response.json()) as MailItem[];
  const item = items[0];
  if (!item) throw new Error(`no mail for ${email}`);
  return item;
}

/** Open an emailed link without following the redirect: the status and where it points. */
export async function openLink(link: string): Promise<{ status: number; location: string }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

export function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

export const newPassword = (): string => `pw-${randomUUID()}`;
