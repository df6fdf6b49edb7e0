/**
 * The bulk import's state for React, kept in the user database's local document
 * `provider-import` after every step, and the one loop that works through it: NPPES
 * lookups one at a time, spaced at the registry's pace, while online; then, once the
 * user starts the import, the creations (local writes, so they go on offline). Pause
 * stops the loop after the row in hand; a reload reads the document and carries on.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LocalDatabase } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { readImportRows, type DirectoryFacts } from '../../../lib/provider-import/import-rows.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { newJob, NPPES_SPACING_MS, nextToCreate, nextToLookUp, replaceRow, withLookup, withPhase, type ImportJob, type JobPhase } from '../model/import-job.ts';
import { createRow, lookUpRow } from './import-steps.ts';

export const IMPORT_DOC_ID = 'provider-import';
const RETRY_AFTER_MS = 3000;

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
  onlineRef.current = online;

  useEffect(() => {
    mounted.current = true;
    if (!db) return;
    let first = true;
    const subscription = db.getLocal$<ImportJob>(IMPORT_DOC_ID).subscribe((doc) => {
      // The loop's own writes are already in `latest`; the first read (a reload) seeds it.
      if (first || !running.current) latest.current = doc ? (doc.toJSON().data as ImportJob) : null;
      first = false;
      setJob(latest.current);
    });
    return () => {
      mounted.current = false;
      subscription.unsubscribe();
    };
  }, [db]);

  const update = useCallback(
    async (change: (current: ImportJob) => ImportJob | null) => {
      if (!db || !latest.current) return;
      const next = change(latest.current);
      latest.current = next;
      setJob(next);
      if (next) await db.upsertLocal<ImportJob>(IMPORT_DOC_ID, next);
      else await (await db.getLocal(IMPORT_DOC_ID))?.remove();
    },
    [db],
  );

  const work = useCallback(async () => {
    if (running.current || !db) return;
    running.current = true;
    try {
      const { supabase } = await import('../../../lib/supabase.ts');
      while (mounted.current && latest.current) {
        const current = latest.current;
        const toLookUp = onlineRef.current ? nextToLookUp(current) : null;
        if (toLookUp) {
          const answer = await lookUpRow(supabase, toLookUp);
          if (answer === 'retry') await sleep(RETRY_AFTER_MS);
          else await update((job) => replaceRow(job, withLookup(job.rows.find((row) => row.line === toLookUp.line) ?? toLookUp, answer)));
          await sleep(NPPES_SPACING_MS);
          continue;
        }
        const toCreate = nextToCreate(current);
        if (!toCreate) break;
        const userId = selectKnownUser(useSessionStore.getState())?.id ?? null;
        const done = await createRow(db, current, toCreate, userId);
        await update((job) => replaceRow(job, done));
      }
    } finally {
      running.current = false;
    }
  }, [db, update]);

  useEffect(() => {
    if (job && (job.phase === 'lookup' || job.phase === 'importing')) void work();
  }, [job, online, work]);

  const readFile = useCallback(
    async (file: File) => {
      if (!db) return;
      const read = readImportRows(await file.text(), await directoryFacts(db));
      if (!read.ok) {
        setFileError(read.message);
        return;
      }
      setFileError(null);
      const next = newJob(file.name, read.rows, () => crypto.randomUUID(), new Date().toISOString());
      latest.current = next;
      setJob(next);
      await db.upsertLocal<ImportJob>(IMPORT_DOC_ID, next);
    },
    [db],
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
