/**
 * Reads the file an admin chose into what reference-import takes: a CSV (papaparse, the
 * first row naming the columns) as its header and records, or the ICD-10-CM order file as
 * text. A file papaparse cannot read as CSV is refused here with its message.
 */
import Papa from 'papaparse';
import type { ReferenceImportFile } from '../../lib/functions/reference-import.ts';

export type FileRead = { ok: true; file: ReferenceImportFile } | { ok: false; message: string };

export function parseCsvText(text: string): FileRead {
  const content = text.replace(/^\uFEFF/, '');
  if (content.trim() === '') return { ok: false, message: 'The file is empty: its first row must name the columns.' };
  const parsed = Papa.parse<Record<string, string>>(content, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (name) => name.trim().toLowerCase(),
  });
  // A quote left open swallows the rest of the file: nothing after it can be trusted. Rows
  // with too many or too few cells are reported row by row by the checks that follow.
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal) return { ok: false, message: `The file is not a readable CSV: ${fatal.message}${fatal.row === undefined ? '' : ` (row ${fatal.row + 2})`}.` };
  const header = parsed.meta.fields ?? [];
  return { ok: true, file: { kind: 'csv', header, rows: parsed.data } };
}

export async function readImportFile(file: File, kind: 'csv' | 'text'): Promise<FileRead> {
  const text = await file.text();
  return kind === 'csv' ? parseCsvText(text) : { ok: true, file: { kind: 'text', text } };
}
