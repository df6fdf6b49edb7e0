/**
 * The OIG LEIE simulator serves UPDATED.csv in the published columns, and a test can add
 * an exclusion for an NPI or a name (and take it away) for the screening it exercises.
 */
import { describe, expect, it } from 'vitest';
import { LEIE_COLUMNS } from '../../supabase/local/leie/rows.ts';
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';

const OIG = `${process.env.SIMULATOR_URL ?? `${SUPABASE_URL}/__simulator`}/oig`;
const admin = { Authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };

function parse(csv: string): string[][] {
  // The simulator quotes only values with commas or quotes; enough for this check.
  return csv.trimEnd().split('\r\n').map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.slice(0, 18).map((v) => v.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')));
}

describe('LEIE simulator', () => {
  it('serves UPDATED.csv with the published columns, dates as YYYYMMDD and unknown NPIs as zeros', async () => {
    const res = await fetch(`${OIG}/UPDATED.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(res.headers.get('last-modified')).toBeTruthy();
    const [header, ...rows] = parse(await res.text());
    expect(header).toEqual([...LEIE_COLUMNS]);
    expect(rows.length).toBeGreaterThanOrEqual(160);
    expect(rows.every((row) => row.length === 18 && /^\d{8}$/.test(row[14]!) && row[15] === '00000000')).toBe(true);
    const npis = rows.map((row) => row[7]!);
    expect(npis.filter((npi) => npi === '0000000000').length).toBeGreaterThan(npis.length / 2);
    expect(npis.some((npi) => /^19\d{8}$/.test(npi))).toBe(true);
    expect(rows.some((row) => row[0] === '' && row[3] !== '')).toBe(true);
    // The published layout: every date column is YYYYMMDD, 00000000 where none is known — a business's DOB too.
    const businesses = rows.filter((row) => row[0] === '' && row[3] !== '');
    expect(businesses.map((row) => row[8])).toEqual(businesses.map(() => '00000000'));
    expect(rows.every((row) => /^\d{8}$/.test(row[8]!))).toBe(true);
  });

  it('adds an exclusion for an NPI or a name, and takes it away', async () => {
    const added = await fetch(`${OIG}/exclusions`, { method: 'POST', headers: admin, body: JSON.stringify({ npi: '1234567893', lastName: 'Doe', firstName: 'Jane', state: 'NY', exclType: '1128b4', exclDate: '20261101' }) });
    expect(added.status).toBe(201);
    const byName = await fetch(`${OIG}/exclusions`, { method: 'POST', headers: admin, body: JSON.stringify({ lastName: 'Roe', firstName: 'Sam', state: 'FL', dob: '19700101' }) });
    expect(await byName.json()).toMatchObject({ LASTNAME: 'ROE', FIRSTNAME: 'SAM', NPI: '0000000000', STATE: 'FL', DOB: '19700101', EXCLTYPE: '1128a1' });

    const rows = parse(await (await fetch(`${OIG}/UPDATED.csv`)).text());
    const jane = rows.find((row) => row[7] === '1234567893');
    expect(jane).toEqual(['DOE', 'JANE', '', '', 'MEDICAL PRACTICE, MD', 'FAMILY PRACTICE', '', '1234567893', '00000000', '100 STATE ST', 'ALBANY', 'NY', '12207', '1128b4', '20261101', '00000000', '00000000', '']);

    await fetch(`${OIG}/exclusions?npi=1234567893`, { method: 'DELETE', headers: admin });
    const after = parse(await (await fetch(`${OIG}/UPDATED.csv`)).text());
    expect(after.some((row) => row[7] === '1234567893')).toBe(false);
    expect(after.some((row) => row[0] === 'ROE' && row[11] === 'FL')).toBe(true);
  });

  it('refuses switches it cannot read, and callers without the service key', async () => {
    const post = (body: object) => fetch(`${OIG}/exclusions`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
    expect(await (await post({ npi: '123' })).json()).toEqual({ message: 'npi must be 10 digits' });
    expect(await (await post({ state: 'NY' })).json()).toEqual({ message: 'Give an npi, a lastName or a busName' });
    expect(await (await post({ lastName: 'X', exclType: '9999' })).json()).toMatchObject({ message: expect.stringMatching(/^exclType must be one of 1128a1/) });
    expect((await fetch(`${OIG}/exclusions`)).status).toBe(401);
  });
});
