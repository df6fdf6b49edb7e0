/**
 * One import card's flow: choose a file → check it (the server's dry run: the report of
 * what would change) → import it (the server checks again and applies it in one
 * transaction, refusing if the data changed since the check). After an import the device
 * fetches the new version at once.
 */
import { useState } from 'react';
import { referenceImport, type ReferenceImportFile } from '../../lib/functions/reference-import.ts';
import type { ImportReport } from '../../lib/lab/import-diff.ts';
import type { ReferenceDataSetName } from '../../lib/lab/reference-types.ts';
import { refreshReferenceData } from '../../lib/reference/index.ts';
import { readImportFile } from './read-import-file.ts';

export type ImportPhase = 'idle' | 'checking' | 'checked' | 'importing' | 'done';

export interface ImportState {
  phase: ImportPhase;
  report: ImportReport | null;
  /** The version the check compared with; after an import, the version published. */
  version: number | null;
  applied: boolean;
  error: string | null;
}

const IDLE: ImportState = { phase: 'idle', report: null, version: null, applied: false, error: null };

export function useReferenceImport(dataSet: ReferenceDataSetName, kind: 'csv' | 'text') {
  const [state, setState] = useState<ImportState>(IDLE);
  const [checked, setChecked] = useState<{ file: ReferenceImportFile; fileName: string } | null>(null);

  async function call(input: { file: ReferenceImportFile; fileName: string; release: string; mode: 'update' | 'release'; dryRun: boolean; expectedVersion?: number }) {
    const { supabase } = await import('../../lib/supabase.ts');
    return referenceImport(supabase, { dataSet, ...input });
  }

  async function check(file: File, release: string, mode: 'update' | 'release') {
    setState({ ...IDLE, phase: 'checking' });
    const read = await readImportFile(file, kind);
    if (!read.ok) {
      setState({ ...IDLE, error: read.message });
      return;
    }
    const answer = await call({ file: read.file, fileName: file.name, release, mode, dryRun: true });
    if (!answer.ok) {
      setState({ ...IDLE, error: answer.message });
      return;
    }
    setChecked({ file: read.file, fileName: file.name });
    setState({ phase: 'checked', report: answer.data.report, version: answer.data.version, applied: false, error: null });
  }

  async function apply(release: string, mode: 'update' | 'release') {
    if (!checked || state.version === null) return;
    setState((current) => ({ ...current, phase: 'importing', error: null }));
    const answer = await call({ ...checked, release, mode, dryRun: false, expectedVersion: state.version });
    if (!answer.ok) {
      setState((current) => ({ ...current, phase: 'checked', error: answer.message }));
      return;
    }
    setState({ phase: 'done', report: answer.data.report, version: answer.data.version, applied: answer.data.applied, error: null });
    if (answer.data.applied) void refreshReferenceData();
  }

  function reset() {
    setChecked(null);
    setState(IDLE);
  }

  return { state, check, apply, reset };
}
