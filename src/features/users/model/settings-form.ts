/**
 * The access settings form's rules (the same as app_settings' checks): allowed sign-up
 * domains are lower-case domain names (at most 50), one per line or comma-separated; the
 * lock timeout is a whole number of minutes from 2 to 60.
 */
import { LOCK_TIMEOUT_BOUNDS } from '../../../stores/app-settings-store.ts';

const DOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
export const MAX_DOMAINS = 50;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseDomains(text: string): Checked<string[]> {
  const domains = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  ];
  const bad = domains.find((domain) => !DOMAIN.test(domain));
  if (bad) return { ok: false, message: `"${bad}" is not a domain name (for example: laboratory.org).` };
  if (domains.length > MAX_DOMAINS) return { ok: false, message: `At most ${MAX_DOMAINS} domains.` };
  return { ok: true, value: domains };
}

export function parseLockTimeout(text: string): Checked<number> {
  const value = Number(text.trim());
  if (!Number.isInteger(value) || value < LOCK_TIMEOUT_BOUNDS.min || value > LOCK_TIMEOUT_BOUNDS.max) {
    return { ok: false, message: `Enter a whole number of minutes from ${LOCK_TIMEOUT_BOUNDS.min} to ${LOCK_TIMEOUT_BOUNDS.max}.` };
  }
  return { ok: true, value };
}
