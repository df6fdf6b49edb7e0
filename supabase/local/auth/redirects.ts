/**
 * Where emailed links may send the browser. GoTrue only follows a `redirect_to` that is
 * on its allow list and otherwise uses the site URL; the local stack allows the site
 * URL's origin and loopback hosts (any port: vite dev, preview and test servers), since
 * the link's fragment carries a session that must not be handed to another site.
 */
import type { StackContext } from '../context.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function resolveRedirect(ctx: StackContext, requested: string | null | undefined, fallback: string): string {
  if (!requested) return fallback;
  let target: URL;
  try {
    target = new URL(requested);
  } catch {
    return fallback;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return fallback;
  if (LOOPBACK_HOSTS.has(target.hostname)) return target.href;
  try {
    if (target.origin === new URL(ctx.config.siteUrl).origin) return target.href;
  } catch {
    // An unparsable site URL allows nothing beyond the loopback hosts.
  }
  return fallback;
}

/** The URL with its fragment replaced by `values` (keys sorted, as Go's url.Values encodes them). */
export function withFragment(location: string, values: Record<string, string>): string {
  const url = new URL(location);
  const fragment = new URLSearchParams();
  for (const key of Object.keys(values).sort()) fragment.set(key, values[key] ?? '');
  url.hash = fragment.toString();
  return url.href;
}
