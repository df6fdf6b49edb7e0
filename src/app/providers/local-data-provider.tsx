/**
 * The one place where the session meets the local database (src/db): when a user with
 * access is known (signed in, or working offline) their local database opens and
 * replication starts; when nobody is, or the user has no access (a sign-up waiting for
 * approval, a revoked role, a deactivated account), it stops. Signing out, and every other
 * way a session or access ends, clears it (`clearLocalData`, through src/app/session-end),
 * after the user was warned about unsynced changes. Patient records open with the password
 * verified at sign-in or at the lock, and again without it on the session's next pages
 * (protected-key.ts). The database code loads on demand, never on the landing page. Start, stop and wipe run one after another, never interleaved.
 */
import { useEffect, type ReactNode } from 'react';
import { toast } from '../../components/ui/toaster.tsx';
import { lacksAccess } from '../../lib/access/access.ts';
import { onPasswordVerified } from '../../stores/password-verified.ts';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { afterFirstPagePaint } from '../first-page-paint.ts';

// The patient records' key across the session (and the lock's store with it): not part of any first paint.
const loadProtectedKey = () => import('./protected-key.ts');

/** At most this long the database waits for the first page to paint. */
const FIRST_PAINT_WAIT_MS = 1000;

const loadDb = () => import('../../db/index.ts');
const loadClient = () => import('../../lib/supabase.ts');

let queue: Promise<void> = Promise.resolve();
let openFor: string | null = null;

function enqueue(task: () => Promise<void>): Promise<void> {
  const run = queue.then(task);
  queue = run.catch(() => undefined);
  return run;
}

function openLocalData(userId: string): Promise<void> {
  return enqueue(async () => {
    if (openFor === userId) return;
    await afterFirstPagePaint(FIRST_PAINT_WAIT_MS);
    // The client (supabase-js, a sixth of a list page's code) is not needed to open the
    // database and paint local rows: it loads after the first paint, alongside the database,
    // and the sync starts once it is there.
    const client = loadClient().then((module) => module.supabase);
    client.catch(() => undefined); // startLocalData reports a failure; not unhandled meanwhile
    // The reference data (compendium, ICD-10-CM, NCDs): the cached copy, then newer versions
    // when online; alongside the local database, not after its first sync.
    void import('../../lib/reference/index.ts').then((reference) => reference.startReferenceData());
    const db = await loadDb();
    if (openFor) {
      await db.stopLocalData();
      openFor = null;
    }
    await db.startLocalData(userId, client);
    openFor = userId;
    // Patient records open again without the password while the session's kept key may be used (protected-key.ts).
    void loadProtectedKey()
      .then((keys) => keys.resumeProtectedData(userId))
      .catch((error: unknown) => console.error('[local-data] resuming patient records failed', error));
    // PECOS checks queued offline run, and report, once back online, whichever page is open.
    void import('../../features/providers/pecos/pecos-checks.ts').then((pecos) => pecos.pecosChecks());
    // Likewise invitations (Link User Account) queued offline: sent, and announced, once back online.
    void import('../../features/provider-relations/invites/invite-tracker.ts').then((invites) => invites.followInvites());
    // And an admin's account changes (invitations, deactivations, …) queued offline.
    void import('../../features/users/data/follow-account-calls.ts').then((calls) => calls.followAccountCalls());
    // Openings of patient records queued offline are recorded, with their time, once back online.
    db.registerOpeningsOutbox(() => loadClient().then((module) => module.supabase));
    // Scans of signed ABNs attached offline upload once back online (and the records open).
    void import('../../features/orders/data/abn-scan.ts').then((scan) => scan.registerAbnScanUpload());
  });
}

function closeLocalData(): Promise<void> {
  return enqueue(async () => {
    if (!openFor) return;
    const db = await loadDb();
    await db.stopLocalData();
    openFor = null;
  });
}

/** Stop this user's replication and delete their local database (another user's, open now, stays). */
export function clearLocalData(userId: string): Promise<void> {
  return enqueue(async () => {
    const db = await loadDb();
    if (openFor === userId) {
      await db.stopLocalData();
      openFor = null;
    }
    await db.wipeLocalData(userId);
    // Every list's pages saved for the next visit (painted on reload before the database opens) go with it.
    const [{ clearFirstPages }, { deleteListSnapshots }, { forgetSavedListIndexes }, { clearKeptCounts }] = await Promise.all([
      import('../../lib/list/first-page-snapshot.ts'),
      import('../../lib/list/list-snapshot-store.ts'),
      import('../../lib/list/saved-list-index.ts'),
      import('../../lib/list/kept-counts.ts'),
    ]);
    clearFirstPages(userId);
    clearKeptCounts(userId);
    forgetSavedListIndexes(userId);
    await deleteListSnapshots(userId);
    // The cached reference data goes too: nothing of a session stays on a shared computer.
    const { clearReferenceData } = await import('../../lib/reference/index.ts');
    await clearReferenceData();
  });
}

export function LocalDataProvider({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const knownId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  // Access known to allow it (or not known after asking, or cached for an offline start).
  const allowed = useSessionStore(
    (state) => !lacksAccess(state.access) && (state.access !== 'unknown' || state.accessChecked || state.status === 'offline'),
  );
  const userId = allowed ? knownId : null;

  useEffect(() => onPasswordVerified((id, password) => void loadProtectedKey().then((keys) => keys.openProtectedData(id, password))), []);
  useEffect(() => {
    if (!knownId) return undefined;
    let stopped = false;
    let stop = () => {};
    void loadProtectedKey().then((keys) => {
      if (!stopped) stop = keys.followProtectedKey(knownId);
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [knownId]);

  useEffect(() => {
    if (status === 'loading') return;
    if (!userId) {
      void closeLocalData().catch((error: unknown) => console.error('[local-data] stop failed', error));
      return;
    }
    let ended = false;
    let retryOnline: (() => void) | null = null;
    const start = () =>
      openLocalData(userId).catch((error: unknown) => {
        console.error('[local-data] start failed', error);
        if (ended) return;
        if (typeof navigator !== 'undefined' && navigator.onLine === false) {
          // Offline before this device holds the database's code (its first seconds, before the
          // service worker has stored the app): it opens once the connection is back.
          retryOnline = () => {
            retryOnline = null;
            if (!ended) void start();
          };
          window.addEventListener('online', retryOnline, { once: true });
          return;
        }
        toast({
          title: 'Error',
          description: 'The local database could not be opened on this device. Reload the page to try again.',
          variant: 'destructive',
        });
      });
    void start();
    return () => {
      ended = true;
      if (retryOnline) window.removeEventListener('online', retryOnline);
    };
  }, [status, userId]);

  return children;
}
