/**
 * Rows and checks shared by the database contract tests (rls, sync-push, schema): fresh
 * directory rows with unique valid NPIs, so the tests never collide with each other, with
 * the seed or with what a hosted project already holds, and PostgREST error expectations.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { PostgrestError } from '@supabase/supabase-js';
import { withCheckDigit, withWrongCheckDigit } from '../../supabase/local/simulator/npi.ts';
import { serviceClient, type Client } from '../helpers/clients.ts';

/** A random NPI with a valid check digit (Type 1 NPIs start with 1). */
export function randomNpi(): string {
  return withCheckDigit(`1${String(randomInt(0, 100_000_000)).padStart(8, '0')}`);
}

/** A random ten-digit NPI whose check digit is wrong. */
export function badCheckDigitNpi(): string {
  return withWrongCheckDigit(`1${String(randomInt(0, 100_000_000)).padStart(8, '0')}`);
}

export type Row = Record<string, unknown>;

/** A random organization NPI (Type 2 NPIs start with 2) with a valid check digit. */
export function randomOrganizationNpi(): string {
  return withCheckDigit(`2${String(randomInt(0, 100_000_000)).padStart(8, '0')}`);
}

/** A fresh organization; a healthcare one or a sole proprietor gets the NPI the database requires. */
export function organizationRow(overrides: Row = {}): Row {
  const type = overrides.type ?? 'non_healthcare';
  const npi = type === 'healthcare' ? randomOrganizationNpi() : type === 'sole_proprietor' ? randomNpi() : null;
  return { id: randomUUID(), legal_name: `Contract Clinic ${randomUUID().slice(0, 6)}`, type, ...(npi ? { npi } : {}), ...overrides };
}

export function providerRow(overrides: Row = {}): Row {
  return { id: randomUUID(), npi: randomNpi(), first_name: 'Ada', last_name: `Tester-${randomUUID().slice(0, 6)}`, ...overrides };
}

/** Insert rows with the service role (bypasses RLS) and return them as stored. */
export async function seedRows(table: string, rows: Row[]): Promise<Row[]> {
  const { data, error } = await serviceClient().from(table).insert(rows).select();
  if (error) throw new Error(`seeding ${table} failed: ${error.code} ${error.message}`);
  return data as Row[];
}

/** Insert one row with the service role and return its id. */
export async function seedOne(table: string, row: Row): Promise<string> {
  const [stored] = await seedRows(table, [row]);
  if (!stored || typeof stored.id !== 'string') throw new Error(`seeding ${table} returned no row`);
  return stored.id;
}

interface Answer {
  error: PostgrestError | null;
  status: number;
}

/** The call was refused with this HTTP status and Postgres error code. */
export function expectRefused(answer: Answer, status: number, code: string): void {
  expect(answer.error, `expected ${status} ${code}`).not.toBeNull();
  expect({ status: answer.status, code: answer.error?.code }).toEqual({ status, code });
}

/** The call succeeded (no error) with this HTTP status. */
export function expectOk(answer: Answer, status: number): void {
  expect(answer.error).toBeNull();
  expect(answer.status).toBe(status);
}

/** The tables of patient data: read only through sync_pull (20261205100002), never the table API. */
export const PROTECTED_TABLES = ['patients', 'orders', 'results'];

/** The ids of every row the client can see in `table` among `ids` (patient data: what sync_pull hands it). */
export async function visibleIds(client: Client, table: string, ids: string[]): Promise<string[]> {
  if (PROTECTED_TABLES.includes(table)) {
    const { data, error } = await client.rpc('sync_pull', { p_table: table, p_ids: ids });
    if (error) throw new Error(`sync_pull ${table} failed: ${error.code} ${error.message}`);
    return (data as { rows: Array<{ id: string }> }).rows.map((row) => row.id).sort();
  }
  const { data, error } = await client.from(table).select('id').in('id', ids);
  if (error) throw new Error(`select ${table} failed: ${error.code} ${error.message}`);
  return (data as Array<{ id: string }>).map((row) => row.id).sort();
}
