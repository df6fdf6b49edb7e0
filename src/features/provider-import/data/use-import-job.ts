/**
 * The bulk import's state for React, kept in the user database's local document
 * `provider-import`, and the one loop that works through it: NPPES lookups one at a time,
 * spaced at the registry's pace, while online; then, once the user starts the import, the
 * creations (local writes, so they go on offline). Pause stops the loop after the row in
 * hand; a reload reads the document and carries on.
 *
 * The loop keeps the job in memory and saves it in batches (job-saver.ts: every few rows
 * or half a second, and at once on a pause, a phase change, the page hidden or left), and
 * repaints the page at most a few times a second: saving the whole job and repainting
 * every row after each row held the import to about one row a second.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LocalDatabase } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { readImportRows, type DirectoryFacts } from '../../../lib/provider-import/import-rows.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { newJob, NPPES_SPACING_MS, nextToCreate, nextToLookUp, replaceRow, withLookup, withPhase, type ImportJob, type JobPhase } from '../model/import-job.ts';
import { createRow, lookUpRow } from './import-steps.ts';
import { createJobSaver } from './job-saver.ts';

export const IMPORT_DOC_ID = 'provider-import';
const RETRY_AFTER_MS = 3000;
/** The page shows the loop's progress at most this often. */
const PAINT_EVERY_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function directoryFacts(db: LocalDatabase): Promise<DirectoryFacts> {
  const [providers, organizations] = await Promise.all([db.providers.find().exec(), db.organizations.find().exec()]);
  return {
    providersByNpi: new Map(providers.filter((doc) => doc.npi).map((doc) => [doc.npi as string, `${doc.first_name} ${doc.last_name}`.trim()])),
    organizationsByAccount: new Map(organizations.filter((doc) => doc.account_number).map((doc) => [doc.account_number as string, doc.id])),
  };
}

export interface ImportJobControls {
  /** undefined while the device's document is read. */
  job: ImportJob | null | undefined;
  online: boolean;
  fileError: string | null;
  readFile(file: File): Promise<void>;
  setDefaultOrganization(id: string | null): Promise<void>;
  setPhase(phase: JobPhase): Promise<void>;
  discard(): Promise<void>;
}

export function useImportJob(): ImportJobControls {
  const db = useLocalDatabase();
  const online = useSyncStore((state) => state.online);
  const [job, setJob] = useState<ImportJob | null | undefined>(undefined);
  const [fileError, setFileError] = useState<string | null>(null);
  const latest = useRef<ImportJob | null>(null);
  const onlineRef = useRef(online);
  const running = useRef(false);
  const mounted = useRef(true);
  const painted = useRef({ at: 0, timer: null as ReturnType<typeof setTimeout> | null });
  onlineRef.current = online;

  const saver = useMemo(
    () =>
      db
        ? createJobSaver<ImportJob>(async (next) => {
            await db.upsertLocal<ImportJob>(IMPORT_DOC_ID, next);
          })
        : null,
    [db],
  );

  /** Shows the job in memory: now, or within PAINT_EVERY_MS of the last time. */
  const paint = useCallback((now: boolean) => {
    const state = painted.current;
    const show = () => {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      state.at = Date.now();
      if (mounted.current) setJob(latest.current);
    };
    const wait = PAINT_EVERY_MS - (Date.now() - state.at);
    if (now || wait <= 0) show();
    else if (!state.timer) state.timer = setTimeout(show, wait);
  }, []);

  useEffect(() => {
    mounted.current = true;
    if (!db || !saver) return;
    let first = true;
    const subscription = db.getLocal$<ImportJob>(IMPORT_DOC_ID).subscribe((doc) => {
      // The job in memory is ahead of the device's document while the loop runs or a save
      // waits; the first read (a reload) seeds it, and a change from elsewhere replaces it.
      if (first || (!running.current && !saver.dirty)) latest.current = doc ? (doc.toJSON().data as ImportJob) : null;
      first = false;
      paint(true);
    });
    // Leaving or hiding the page saves what the loop did since the last save.
    const save = () => void saver.flush();
    const hidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      mounted.current = false;
      subscription.unsubscribe();
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', hidden);
      save();
    };
  }, [db, saver, paint]);

  /** A person's change (a phase, the organization, a discard): shown and saved at once. */
  const update = useCallback(
    async (change: (current: ImportJob) => ImportJob | null) => {
      if (!db || !saver || !latest.current) return;
      const next = change(latest.current);
      latest.current = next;
      paint(true);
      if (next) saver.changed(next);
      await saver.flush();
      if (!next) await (await db.getLocal(IMPORT_DOC_ID))?.remove();
    },
    [db, saver, paint],
  );

  /** The loop's change to one row: saved in a batch, shown soon; a new phase is saved and shown at once. */
  const step = useCallback(
    (change: (current: ImportJob) => ImportJob) => {
      if (!saver || !latest.current) return;
      const before = latest.current;
      const next = change(before);
      latest.current = next;
      saver.changed(next);
      const phaseChanged = next.phase !== before.phase;
      if (phaseChanged) void saver.flush();
      paint(phaseChanged);
    },
    [saver, paint],
  );

  const work = useCallback(async () => {
    if (running.current || !db || !saver) return;
    running.current = true;
    try {
      const { supabase } = await import('../../../lib/supabase.ts');
      while (mounted.current && latest.current) {
        const current = latest.current;
        const toLookUp = onlineRef.current ? nextToLookUp(current) : null;
        if (toLookUp) {
          const answer = await lookUpRow(supabase, toLookUp);
          if (answer === 'retry') await sleep(RETRY_AFTER_MS);
          else step((job) => replaceRow(job, withLookup(job.rows.find((row) => row.line === toLookUp.line) ?? toLookUp, answer)));
          await sleep(NPPES_SPACING_MS);
          continue;
        }
        const toCreate = nextToCreate(current);
        if (!toCreate) break;
        const userId = selectKnownUser(useSessionStore.getState())?.id ?? null;
        const done = await createRow(db, current, toCreate, userId);
        step((job) => replaceRow(job, done));
      }
    } finally {
      running.current = false;
      await saver.flush();
      paint(true);
    }
  }, [db, saver, step, paint]);

  useEffect(() => {
    if (job && (job.phase === 'lookup' || job.phase === 'importing')) void work();
  }, [job, online, work]);

  const readFile = useCallback(
    async (file: File) => {
      if (!db || !saver) return;
      const read = readImportRows(await file.text(), await directoryFacts(db));
      if (!read.ok) {
        setFileError(read.message);
        return;
      }
      setFileError(null);
      // Saved at once: the rows' record ids are chosen here, and a resume must find them.
      const next = newJob(file.name, read.rows, () => crypto.randomUUID(), new Date().toISOString());
      latest.current = next;
      paint(true);
      saver.changed(next);
      await saver.flush();
    },
    [db, saver, paint],
  );

  return {
    job,
    online,
    fileError,
    readFile,
    setDefaultOrganization: (id) => update((current) => ({ ...current, default_organization_id: id })),
    setPhase: (phase) => update((current) => withPhase(current, phase)),
    discard: () => update(() => null),
  };
}
