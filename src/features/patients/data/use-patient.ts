/**
 * One patient, live from the open protected database ('not-found' when this device has no
 * patient with the id). Each opening of a found patient is recorded in the access log
 * (queued when offline, sent with its time when back online).
 */
import { useEffect, useRef, useState } from 'react';
import type { LocalDatabase, PatientDoc } from '../../../db/index.ts';
import { loadDataLayer } from './use-data-layer.ts';

export type PatientLoad =
  | { status: 'loading'; patient: null }
  | { status: 'found'; patient: Readonly<PatientDoc> }
  | { status: 'not-found'; patient: null }
  | { status: 'error'; patient: null; error: unknown };

type Found = { id: string; doc: Readonly<PatientDoc> | null } | { id: string; error: unknown };

export function usePatient(db: LocalDatabase | null, rawId: string | undefined): PatientLoad {
  const id = (rawId ?? '').trim().toLowerCase();
  const [found, setFound] = useState<Found | null>(null);
  const recorded = useRef<string | null>(null);

  useEffect(() => {
    if (!db || id === '') return undefined;
    const subscription = db.patients.findOne(id).$.subscribe({
      next: (doc) => setFound({ id, doc: doc ? (doc.toJSON() as Readonly<PatientDoc>) : null }),
      error: (error: unknown) => setFound({ id, error }),
    });
    return () => subscription.unsubscribe();
  }, [db, id]);

  const foundId = found && 'doc' in found && found.doc ? found.doc.id : null;
  useEffect(() => {
    // One access-log row per opening of the page (not per re-render or synced change).
    if (!foundId || recorded.current === foundId) return;
    recorded.current = foundId;
    void loadDataLayer()
      .then((data) => data.recordOpening('patients', foundId, foundId))
      .catch((error: unknown) => console.error('[patients] recording the opening failed', error));
  }, [foundId]);

  if (id === '') return { status: 'not-found', patient: null };
  if (!found || found.id !== id) return { status: 'loading', patient: null };
  if ('error' in found) return { status: 'error', patient: null, error: found.error };
  return found.doc ? { status: 'found', patient: found.doc } : { status: 'not-found', patient: null };
}
