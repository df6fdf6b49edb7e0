/**
 * The patient list's search (issue 26): by name, date of birth and MRN, over a haystack
 * built once from the decrypted patients (after unlock, in memory only: nothing of it is
 * stored) and kept current from the change stream, so each keystroke is a substring scan
 * of precomputed strings, never a database query (ARCHITECTURE.md: 1.5 ms over 50,000).
 *
 * Dates of birth match as typed in the usual US ways: `07/23/1951`, `7/23/1951`,
 * `1951-07-23`, and partial `07/23`. Each query word must be found; the list is sorted by
 * last name, then first name.
 */
import { nameKey } from './duplicates.ts';
import { mrnsOf, type MedicalRecordNumber } from './patient-record.ts';

export interface SearchablePatient {
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  date_of_birth: string;
  lab_patient_id: string;
  medical_record_numbers: unknown;
  is_active: boolean;
}

/** The ways a date of birth is typed: 1951-07-23, 07/23/1951, 7/23/1951. */
function birthDateForms(iso: string): string {
  const [year, month, day] = iso.split('-');
  if (!year || !month || !day) return iso;
  return `${iso} ${month}/${day}/${year} ${Number(month)}/${Number(day)}/${year}`;
}

function haystackOf(patient: SearchablePatient): string {
  const mrns = mrnsOf(patient).map((row: MedicalRecordNumber) => row.mrn.toLowerCase());
  const names = [patient.first_name, patient.middle_name ?? '', patient.last_name].map((part) => part.toLowerCase());
  return [
    ...names,
    nameKey(patient.last_name),
    nameKey(patient.first_name),
    birthDateForms(patient.date_of_birth),
    patient.lab_patient_id.toLowerCase(),
    ...mrns,
  ].join('\u0001');
}

function sortKey(patient: SearchablePatient): string {
  return `${nameKey(patient.last_name)} ${nameKey(patient.first_name)} ${patient.id}`;
}

interface Entry<T extends SearchablePatient> {
  patient: T;
  haystack: string;
  sort: string;
}

export type PatientChange<T> = { type: 'upsert'; row: T } | { type: 'remove'; id: string };

export class PatientSearchIndex<T extends SearchablePatient> {
  private readonly byId = new Map<string, Entry<T>>();
  private sorted: Entry<T>[] | null = null;
  version = 0;

  constructor(rows: Iterable<T> = []) {
    for (const row of rows) this.byId.set(row.id, this.entry(row));
  }

  private entry(patient: T): Entry<T> {
    return { patient, haystack: haystackOf(patient), sort: sortKey(patient) };
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): T | undefined {
    return this.byId.get(id)?.patient;
  }

  applyChanges(changes: readonly PatientChange<T>[]): void {
    if (changes.length === 0) return;
    for (const change of changes) {
      if (change.type === 'remove') this.byId.delete(change.id);
      else this.byId.set(change.row.id, this.entry(change.row));
    }
    this.sorted = null;
    this.version += 1;
  }

  private all(): Entry<T>[] {
    this.sorted ??= [...this.byId.values()].sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0));
    return this.sorted;
  }

  rows(): T[] {
    return this.all().map((entry) => entry.patient);
  }

  /** Patients matching every word of the query (all of them for an empty query), sorted. */
  search(query: string, options: { includeInactive?: boolean } = {}): T[] {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const result: T[] = [];
    for (const entry of this.all()) {
      if (!options.includeInactive && !entry.patient.is_active) continue;
      if (words.every((word) => entry.haystack.includes(word))) result.push(entry.patient);
    }
    return result;
  }
}
