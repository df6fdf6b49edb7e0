/**
 * Changing a row of patient data as a user would: the table API cannot (its reads of
 * patients, orders and results are gated to sync_pull, and an update reads the row first:
 * 20261205100002), so a change goes through sync_push against the row as the server holds
 * it, as the device's replication sends it. The outcome is the push's: applied, a conflict,
 * or refused with the Postgres code and message.
 */
import { expect } from 'vitest';
import { serviceClient, type Client } from '../helpers/clients.ts';
import type { Row } from './directory-helpers.ts';

export type PushOutcome = { applied: true } | { applied: false; code: string; message: string };

interface PushAnswer {
  conflicts: Row[];
  rejected: Array<{ id: string; code: string; message: string }>;
}

/** The stored row (service role; `service` for a stack of a test file's own). */
export async function storedRow(table: string, id: string, service: Client = serviceClient()): Promise<Row> {
  const { data, error } = await service.from(table).select('*').eq('id', id).single();
  if (error) throw new Error(`${table} ${id}: ${error.message}`);
  return data as Row;
}

/**
 * Pushes `patch` over the stored row of `table`, as `client`. The server changes some rows
 * on its own between the read and the push (a submitted order's `lis_delivery` as the
 * laboratory link sends it, at once): a conflict is then pushed again over the new master,
 * as the device's replication does, so the outcome is the server's verdict on the change.
 */
export async function pushChange(client: Client, table: string, id: string, patch: Row, service?: Client): Promise<PushOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    const master = await storedRow(table, id, service);
    const { data, error } = await client.rpc('sync_push', { p_table: table, p_rows: [{ new: { ...master, ...patch }, assumed: master }] });
    if (error) throw new Error(`sync_push ${table}: ${error.code} ${error.message}`);
    const answer = data as PushAnswer;
    const refused = answer.rejected[0];
    if (refused) return { applied: false, code: refused.code, message: refused.message };
    if (answer.conflicts.length === 0) return { applied: true };
    if (attempt === 5) return { applied: false, code: 'conflict', message: 'conflict' };
  }
}

/** Pushes new rows of `table` as `client`; the codes of the rows refused, in order. */
export async function pushNew(client: Client, table: string, rows: Row[]): Promise<string[]> {
  const { data, error } = await client.rpc('sync_push', { p_table: table, p_rows: rows.map((row) => ({ new: row, assumed: null })) });
  if (error) throw new Error(`sync_push ${table}: ${error.code} ${error.message}`);
  return (data as PushAnswer).rejected.map((row) => row.code);
}

export function expectApplied(outcome: PushOutcome): void {
  expect(outcome).toEqual({ applied: true });
}

/** Refused with this code (and, when given, this exact message). */
export function expectPushRefused(outcome: PushOutcome, code: string, message?: string): void {
  expect(outcome).toMatchObject({ applied: false, code, ...(message === undefined ? {} : { message }) });
}
