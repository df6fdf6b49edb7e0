/**
 * The laboratory always keeps an admin (issue 25), on a stack of its own so that this file
 * alone decides who the admins are: the last active admin's admin role cannot be removed
 * and the last admin cannot be deactivated, whoever writes (the app through sync_push, the
 * service role, the functions); deactivated admins do not count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { manageUser } from '../../src/lib/functions/manage-user.ts';
import { startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';

let env: FunctionsStack;
let first: StackUser;
let second: StackUser;

beforeAll(async () => {
  env = await startFunctionsStack();
  first = await env.user('admin');
  second = await env.user('admin');
});
afterAll(async () => {
  await env?.stop();
});

async function adminRow(userId: string): Promise<Record<string, unknown>> {
  const { data, error } = await env.service().from('user_roles').select('*').eq('user_id', userId).eq('role', 'admin').single();
  if (error) throw error;
  return data as Record<string, unknown>;
}

async function revokeThroughSync(client: SupabaseClient, userId: string) {
  const master = await adminRow(userId);
  const { data, error } = await client.rpc('sync_push', { p_table: 'user_roles', p_rows: [{ new: { ...master, _deleted: true }, assumed: master }] });
  if (error) throw error;
  return data as { rejected: Array<{ code: string; message: string }> };
}

describe('the last admin', () => {
  it('one admin removes another; the one left can no longer be removed, by anyone', async () => {
    expect(await revokeThroughSync(first.client, second.id)).toMatchObject({ rejected: [] });
    expect((await adminRow(second.id))._deleted).toBe(true);

    const byService = await env.service().from('user_roles').update({ _deleted: true }).eq('user_id', first.id).eq('role', 'admin');
    expect(byService).toMatchObject({ status: 400, error: { code: 'P0001', message: 'The last admin cannot be removed.' } });
    const hardDelete = await env.service().from('user_roles').delete().eq('user_id', first.id).eq('role', 'admin');
    expect(hardDelete).toMatchObject({ status: 400, error: { code: 'P0001', message: 'The last admin cannot be removed.' } });
    const deactivation = await env.service().rpc('account_set_deactivated', { p_actor: second.id, p_user: first.id, p_deactivated: true });
    expect(deactivation.error).toMatchObject({ code: 'P0001', message: 'The last admin cannot be deactivated.' });
    expect((await adminRow(first.id))._deleted).toBe(false);
  });

  it('a deactivated admin does not count as the admin who stays', async () => {
    const third = await env.user('admin');
    expect(await manageUser(first.client, { action: 'deactivate', userId: third.id })).toMatchObject({ ok: true });
    const byService = await env.service().from('user_roles').update({ _deleted: true }).eq('user_id', first.id).eq('role', 'admin');
    expect(byService.error).toMatchObject({ code: 'P0001', message: 'The last admin cannot be removed.' });
    // Once reactivated, the third is an admin who stays: the first may go.
    expect(await manageUser(first.client, { action: 'reactivate', userId: third.id })).toMatchObject({ ok: true });
    expect(await revokeThroughSync(third.client, first.id)).toMatchObject({ rejected: [] });
  });
});
