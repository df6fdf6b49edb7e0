/**
 * The benchmark's patients (issue 26), written into the stack's database as the owner in big
 * batches through the product's tables and triggers (its checks of MRNs and MBIs, `_modified`,
 * the audit triggers), like seed-directory.ts does for providers; and the patients the
 * search is typed for, with the queries staff type: a last name, a first name and the start
 * of a last name, a date of birth as MM/DD/YYYY, the start of an MRN.
 */
import type { PGlite } from '@electric-sql/pglite';
import { generatePatients } from './patient-data.ts';
import { typedQueries, type Query } from './search-script.ts';
import { insertRows, setRealtimeNotify } from './seed-directory.ts';

export interface PatientCounts {
  /** Every patient the device holds. */
  total: number;
  /** The active ones: what the patient list shows by default. */
  active: number;
}

export async function countPatients(pg: PGlite): Promise<PatientCounts> {
  const { rows } = await pg.query<PatientCounts>(
    `select count(*)::int as total, (count(*) filter (where is_active))::int as active from public.patients where not _deleted`,
  );
  return rows[0]!;
}

/** Adds patients until there are `total` (MRNs at the directory's organizations). */
export async function seedPatientsTo(pg: PGlite, total: number): Promise<{ added: number; ms: number; counts: PatientCounts }> {
  const started = performance.now();
  const before = await countPatients(pg);
  const count = total - before.total;
  if (count > 0) {
    const organizationIds = (await pg.query<{ id: string }>('select id from public.organizations where not _deleted order by id limit 500')).rows.map((row) => row.id);
    const { rows: added } = await pg.query<{ n: number }>(`select count(*)::int as n from public.patients where lab_patient_id like 'P-ZZZZ-%'`);
    await setRealtimeNotify(pg, false, ['patients']);
    try {
      // Generated and written a slice at a time: 100,000 patients' rows are not held at once.
      const SLICE = 20_000;
      for (let done = 0; done < count; done += SLICE) {
        await insertRows(pg, 'patients', generatePatients({ count: Math.min(SLICE, count - done), offset: added[0]!.n + done, organizationIds }));
      }
    } finally {
      await setRealtimeNotify(pg, true, ['patients']);
    }
    await pg.exec('analyze public.patients');
  }
  return { added: Math.max(0, count), ms: performance.now() - started, counts: await countPatients(pg) };
}

export interface SamplePatient {
  id: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  mrn: string | null;
}

/** A spread of active patients across the database (every n-th by id). */
export async function samplePatients(pg: PGlite, count = 24): Promise<SamplePatient[]> {
  const { rows } = await pg.query<{ id: string; first_name: string; last_name: string; date_of_birth: string; mrn: string | null }>(
    `select id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth, medical_record_numbers -> 0 ->> 'mrn' as mrn from (
       select *, row_number() over (order by id) as n, count(*) over () as total
         from public.patients where not _deleted and is_active) p
      where n % greatest(1, total / $1) = 0 limit $1`,
    [count],
  );
  return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name, dateOfBirth: row.date_of_birth, mrn: row.mrn }));
}

function patientQueries(samples: readonly SamplePatient[]): Query[] {
  return samples.map((sample, i): Query => {
    switch (i % 4) {
      case 0:
        return { text: sample.lastName.toLowerCase(), clear: 'select-all' };
      case 1:
        return { text: `${sample.firstName} ${sample.lastName.slice(0, 3)}`.toLowerCase(), clear: 'backspaces' };
      case 2: {
        const [year, month, day] = sample.dateOfBirth.split('-');
        return { text: `${month}/${day}/${year}`, clear: 'select-all' };
      }
      default:
        return { text: sample.mrn ? sample.mrn.toLowerCase().slice(0, 8) : sample.lastName.slice(0, 5), clear: 'backspaces' };
    }
  });
}

/** Playwright key names for the patient search, at least `min` of them, ending on an empty box. */
export function patientSearchKeystrokes(samples: readonly SamplePatient[], min: number): string[] {
  if (samples.length === 0) throw new Error('No patients to search for');
  return typedQueries(patientQueries(samples), min);
}
