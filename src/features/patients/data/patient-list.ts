/**
 * The patients of the open protected database as the list and the duplicate check need
 * them: read and decrypted once into an in-memory search index (nothing of it is written
 * anywhere: no saved first page, no saved list, unlike the directory's lists), then kept
 * current from the change stream in coalesced batches. One index per protected database,
 * shared by the list, the add page's duplicate check and every later view, and dropped
 * with the database (lock, sign-out).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Subscription } from 'rxjs';
import type { LocalDatabase, PatientDoc } from '../../../db/index.ts';
import { PatientSearchIndex, type PatientChange } from '../model/patient-search.ts';
import { loadDataLayer } from './use-data-layer.ts';

export type ListPatient = Readonly<PatientDoc>;

export interface PatientListSnapshot {
  phase: 'loading' | 'ready' | 'error';
  index: PatientSearchIndex<ListPatient> | null;
  version: number;
  error: unknown;
}

const LOADING: PatientListSnapshot = { phase: 'loading', index: null, version: 0, error: null };

export class PatientListSource {
  private snapshot: PatientListSnapshot = LOADING;
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  private buffer: PatientChange<ListPatient>[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(readonly db: LocalDatabase) {}

  getSnapshot = (): PatientListSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async start(): Promise<void> {
    try {
      const data = await loadDataLayer();
      this.subscription = data.watchPatientChanges(this.db).subscribe((change) => {
        this.buffer.push(change.doc ? { type: 'upsert', row: change.doc } : { type: 'remove', id: change.id });
        if (this.snapshot.index && !this.timer) this.timer = setTimeout(() => this.flush(), 0);
      });
      const rows = await data.readAllPatients(this.db);
      if (this.stopped) return;
      const index = new PatientSearchIndex<ListPatient>(rows);
      index.applyChanges(this.buffer.splice(0));
      this.publish({ phase: 'ready', index, version: index.version });
    } catch (error) {
      console.error('[patients] reading the patients failed', error);
      this.publish({ phase: 'error', error });
    }
  }

  private flush(): void {
    this.timer = null;
    const index = this.snapshot.index;
    if (!index || this.stopped) return;
    index.applyChanges(this.buffer.splice(0));
    this.publish({ version: index.version });
  }

  stop(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }

  private publish(patch: Partial<PatientListSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

let current: PatientListSource | null = null;

/** The shared list of this protected database (a new one for another database). */
export function patientListOf(db: LocalDatabase): PatientListSource {
  if (current?.db === db && current.getSnapshot().phase !== 'error') return current;
  current?.stop();
  current = new PatientListSource(db);
  void current.start();
  db.onClose.push(async () => {
    if (current?.db === db) {
      current.stop();
      current = null;
    }
  });
  return current;
}

const idle = { subscribe: () => () => {}, getSnapshot: () => LOADING };

/** The patient list of the open protected database (loading while there is none). */
export function usePatientList(db: LocalDatabase | null): PatientListSnapshot {
  const [source, setSource] = useState<PatientListSource | null>(null);
  useEffect(() => setSource(db ? patientListOf(db) : null), [db]);
  const active = source && source.db === db ? source : idle;
  return useSyncExternalStore(active.subscribe, active.getSnapshot, active.getSnapshot);
}
