/**
 * A reload that loses nothing typed: whatever keeps input on the device (drafts) registers
 * a flush here, and `reloadSafely` runs them all before the page goes (bounded, so a stuck
 * write cannot hold a reload that a new version needs forever). Used when a new version of
 * the app takes over (every tab of the old version reloads: src/app/pwa/update-prompt.tsx)
 * and by the "Reload" buttons of pages whose code could not be loaded.
 */
export type Flush = () => Promise<void>;

const flushes = new Set<Flush>();

/** Registers a flush to run before the app reloads itself; returns its removal. */
export function beforeReload(flush: Flush): () => void {
  flushes.add(flush);
  return () => flushes.delete(flush);
}

export const FLUSH_WAIT_MS = 3_000;

/** Runs every registered flush (at most `waitMs`), failures included, then resolves. */
export async function flushBeforeReload(waitMs: number = FLUSH_WAIT_MS): Promise<void> {
  const all = Promise.allSettled([...flushes].map((flush) => flush()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([all, timeout]);
  clearTimeout(timer);
}

export async function reloadSafely(reload: () => void = () => window.location.reload()): Promise<void> {
  await flushBeforeReload();
  reload();
}
