/**
 * The keystrokes of the search benchmark, as staff type them (the patients' queries are in
 * seed-patients.ts): last names, first and last
 * names, NPI prefixes, a typo corrected with Backspace, and clearing the box (select all +
 * Backspace, or Backspace key by key). Built from providers really in the database so the
 * queries narrow to real matches.
 */
import type { PGlite } from '@electric-sql/pglite';

export interface SampleProvider {
  firstName: string;
  lastName: string;
  npi: string | null;
}

/** A spread of providers across the directory (every n-th by id). */
export async function sampleProviders(pg: PGlite, count = 24): Promise<SampleProvider[]> {
  const { rows } = await pg.query<{ first_name: string; last_name: string; npi: string | null }>(
    `select first_name, last_name, npi from (
       select first_name, last_name, npi, row_number() over (order by id) as n, count(*) over () as total
         from public.providers where not _deleted) p
      where n % greatest(1, total / $1) = 0 limit $1`,
    [count],
  );
  return rows.map((row) => ({ firstName: row.first_name, lastName: row.last_name, npi: row.npi }));
}

/** A query as typed, and how the box is cleared after it. */
export type Query = { text: string; clear: 'select-all' | 'backspaces' };

function queries(samples: readonly SampleProvider[]): Query[] {
  const list: Query[] = [];
  samples.forEach((sample, i) => {
    switch (i % 4) {
      case 0:
        list.push({ text: sample.lastName.toLowerCase(), clear: 'select-all' });
        break;
      case 1:
        list.push({ text: `${sample.firstName} ${sample.lastName.slice(0, 3)}`.toLowerCase(), clear: 'backspaces' });
        break;
      case 2:
        list.push({ text: sample.npi ? sample.npi.slice(0, 6) : sample.lastName.slice(0, 4), clear: 'select-all' });
        break;
      default:
        list.push({ text: sample.lastName.slice(0, 5), clear: 'backspaces' });
    }
  });
  return list;
}

/** Playwright key names typing `all` in turn (and clearing the box after each), at least `min` of them, ending on an empty box. */
export function typedQueries(all: readonly Query[], min: number): string[] {
  const keys: string[] = [];
  for (let round = 0; keys.length < min; round += 1) {
    const query = all[round % all.length]!;
    for (const char of query.text) keys.push(char === ' ' ? 'Space' : char);
    if (query.clear === 'select-all') keys.push('ControlOrMeta+a', 'Backspace');
    else for (let i = 0; i < query.text.length; i += 1) keys.push('Backspace');
  }
  return keys;
}

/** Playwright key names for the provider search, at least `min` of them, ending on an empty search box. */
export function searchKeystrokes(samples: readonly SampleProvider[], min: number): string[] {
  if (samples.length === 0) throw new Error('No providers to search for');
  return typedQueries(queries(samples), min);
}
