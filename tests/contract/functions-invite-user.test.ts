/**
 * invite-user against the local stack through the app's wrapper over real supabase-js:
 * the invite link in the mailbox, the profile linked to the provider, the provider role,
 * one account for a repeated call, the 'already exists' case, admin-only access, and
 * idempotency keys.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY } from '../../supabase/local/config.ts';
import { inviteUser } from '../../src/lib/functions/invite-user.ts';
import { linkUserFailure } from '../../src/lib/functions/link-user-messages.ts';
import type { InviteUserInput } from '../../src/lib/functions/types.ts';
import { accessToken, callFunction, startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';

let env: FunctionsStack;
let admin: StackUser;

beforeAll(async () => {
  env = await startFunctionsStack();
  admin = await env.user('admin');
});
afterAll(async () => {
  await env?.stop();
});

async function newProvider(): Promise<string> {
  const id = randomUUID();
  const { error } = await env.service().from('providers').insert({ id, npi: null, first_name: 'Grace', last_name: `Invitee-${id.slice(0, 6)}` });
  if (error) throw new Error(`insert provider failed: ${error.message}`);
  return id;
}

function input(providerId: string, email = `invitee-${randomUUID().slice(0, 8)}@contract.test`): InviteUserInput {
  return { email, firstName: 'Grace', lastName: 'Hopper', providerId, invitedBy: admin.id };
}

async function accountsFor(email: string) {
  const { data, error } = await env.service().from('profiles').select('id, provider_id, first_name, last_name').eq('email', email);
  if (error) throw new Error(error.message);
  return data as Array<{ id: string; provider_id: string | null; first_name: string | null; last_name: string | null }>;
}

async function rolesOf(userId: string): Promise<string[]> {
  const { data, error } = await env.service().from('user_roles').select('role').eq('user_id', userId).eq('_deleted', false);
  if (error) throw new Error(error.message);
  return (data as Array<{ role: string }>).map((row) => row.role);
}

describe('invite-user: creating the account', () => {
  it('invites, links the profile to the provider and gives the provider role', async () => {
    const providerId = await newProvider();
    const call = input(providerId);
    const result = await inviteUser(admin.client, call);
    if (!result.ok) throw new Error(result.message);
    expect(result.data).toMatchObject({ email: call.email, provider_id: providerId, role: 'provider', invited: true });

    expect(await accountsFor(call.email)).toEqual([{ id: result.data.user_id, provider_id: providerId, first_name: 'Grace', last_name: 'Hopper' }]);
    expect(await rolesOf(result.data.user_id)).toEqual(['provider']);

    const mail = await env.mailbox(call.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: call.email, kind: 'invite' });
    const link = new URL(mail[0]?.link ?? '');
    expect([link.pathname, link.searchParams.get('type')]).toEqual(['/auth/v1/verify', 'invite']);
    // The link signs the new user in, so they can choose a password.
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(new URLSearchParams(new URL(opened.headers.get('location') ?? '').hash.slice(1)).get('access_token')).toBeTruthy();
  });

  it('makes one account when the same call comes twice', async () => {
    const providerId = await newProvider();
    const call = input(providerId);
    const first = await inviteUser(admin.client, call);
    const second = await inviteUser(admin.client, call);
    if (!first.ok || !second.ok) throw new Error('both calls should succeed');
    expect(second.data).toMatchObject({ user_id: first.data.user_id, invited: false });
    expect(await accountsFor(call.email)).toHaveLength(1);
    expect(await rolesOf(first.data.user_id)).toEqual(['provider']);
    expect(await env.mailbox(call.email)).toHaveLength(1);
  });

  it('finishes an invitation that stopped before linking: the link and the role first, then the one email', async () => {
    const providerId = await newProvider();
    const call = input(providerId);
    // What a call that died right after creating the account leaves behind: the account,
    // unconfirmed and never invited, no link, no role, no email.
    const { data, error } = await env.service().auth.admin.createUser({
      email: call.email,
      email_confirm: false,
      app_metadata: { invited_by: admin.id, invited_for_provider: providerId },
    });
    if (error || !data.user) throw error ?? new Error('createUser gave no user');
    expect((await accountsFor(call.email))[0]?.provider_id).toBeNull();
    expect(await env.mailbox(call.email)).toEqual([]);

    const result = await inviteUser(admin.client, call);
    expect(result).toMatchObject({ ok: true, data: { user_id: data.user.id, invited: true } });
    expect((await accountsFor(call.email))[0]?.provider_id).toBe(providerId);
    expect(await rolesOf(data.user.id)).toEqual(['provider']);
    expect(await env.mailbox(call.email)).toHaveLength(1);
    // A repeat sends nothing more.
    expect(await inviteUser(admin.client, call)).toMatchObject({ ok: true, data: { user_id: data.user.id, invited: false } });
    expect(await env.mailbox(call.email)).toHaveLength(1);
  });

  it('grants the provider role before the invitation goes out', async () => {
    const call = input(await newProvider());
    const result = await inviteUser(admin.client, call);
    if (!result.ok) throw new Error(result.message);
    const { data: role } = await env.service().from('user_roles').select('created_at').eq('user_id', result.data.user_id).single();
    const { data: account } = await env.service().auth.admin.getUserById(result.data.user_id);
    expect(account.user?.invited_at).toBeTruthy();
    expect(Date.parse(role!.created_at as string)).toBeLessThanOrEqual(Date.parse(account.user!.invited_at!));
  });

  it('links a provider to one account only, also for two invitations racing with different emails', async () => {
    const providerId = await newProvider();
    const calls = [input(providerId), input(providerId)];
    const results = await Promise.all(calls.map((call) => inviteUser(admin.client, call)));
    const succeeded = results.filter((result) => result.ok);
    const refused = results.filter((result) => !result.ok);
    expect(succeeded).toHaveLength(1);
    expect(refused).toEqual([
      { ok: false, kind: 'permanent', status: 409, code: 'provider_already_linked', message: 'This provider is already linked to another user account.' },
    ]);
    const { data: linked } = await env.service().from('profiles').select('email').eq('provider_id', providerId);
    expect(linked).toHaveLength(1);
    // The losing invitation left no account, no role and no email behind.
    const loser = calls.find((call) => call.email !== linked![0]!.email)!;
    expect(await accountsFor(loser.email)).toEqual([]);
    const { data: users } = await env.service().auth.admin.listUsers({ perPage: 1000 });
    expect(users.users.filter((user) => user.email === loser.email)).toEqual([]);
    expect(await env.mailbox(loser.email)).toEqual([]);
  });

  it("answers 'already exists' for an email that has an account", async () => {
    const existing = await env.user(null);
    const result = await inviteUser(admin.client, input(await newProvider(), existing.email));
    expect(result).toEqual({ ok: false, kind: 'permanent', status: 409, code: 'user_already_exists', message: 'A user with this email already exists.' });
    if (result.ok) return;
    expect(linkUserFailure(result.message).description).toBe('A user with this email already exists. Please use a different email.');
    expect(await rolesOf(existing.id)).toEqual([]);
  });

  it('refuses a second account for a provider that is already linked', async () => {
    const providerId = await newProvider();
    expect(await inviteUser(admin.client, input(providerId))).toMatchObject({ ok: true });
    const second = await inviteUser(admin.client, input(providerId));
    expect(second).toMatchObject({ ok: false, status: 409, code: 'provider_already_linked' });
  });

  it('checks the request', async () => {
    const providerId = await newProvider();
    const noEmail = await inviteUser(admin.client, { ...input(providerId), email: '' });
    expect(noEmail).toMatchObject({ ok: false, kind: 'permanent', status: 400, message: 'Email is required' });
    expect(linkUserFailure(noEmail.ok ? null : noEmail.message).description).toBe('Email is required');
    expect(await inviteUser(admin.client, input(randomUUID()))).toMatchObject({ ok: false, status: 404, message: 'Provider not found.' });
    const token = await accessToken(admin.client);
    const asAdmin = await callFunction(env.url, 'invite-user', token, { ...input(providerId), role: 'admin' });
    expect(asAdmin).toMatchObject({ status: 400, body: { error: "Only the 'provider' role can be given through an invitation." } });
  });
});

describe('invite-user: who may call', () => {
  it('answers 401 to the anon key', async () => {
    const answer = await callFunction(env.url, 'invite-user', ANON_KEY, input(await newProvider()));
    expect(answer).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
  });

  it.each([
    ['staff', 'staff' as const],
    ['provider', 'provider' as const],
    ['no-role', null],
  ])('answers 403 to a %s user and creates nothing', async (_label, role) => {
    const caller = await env.user(role);
    const call = input(await newProvider());
    const result = await inviteUser(caller.client, call);
    expect(result).toEqual({ ok: false, kind: 'permanent', status: 403, code: 'forbidden', message: 'Only administrators can create user accounts.' });
    expect(linkUserFailure(result.ok ? null : result.message).description).toBe('Only administrators can create user accounts.');
    expect(await accountsFor(call.email)).toEqual([]);
    expect(await env.mailbox(call.email)).toEqual([]);
  });
});

describe('invite-user: idempotency keys', () => {
  it('replays the stored answer for a repeated key', async () => {
    const call = input(await newProvider());
    const key = randomUUID();
    const first = await inviteUser(admin.client, call, { idempotencyKey: key });
    if (!first.ok) throw new Error(first.message);
    const token = await accessToken(admin.client);
    const again = await callFunction(env.url, 'invite-user', token, { ...call, role: 'provider' }, { 'x-idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-idempotent-replay')).toBe('true');
    expect(again.body).toEqual(first.data);
    expect(await env.mailbox(call.email)).toHaveLength(1);
  });

  it('refuses the same key for another invite', async () => {
    const key = randomUUID();
    expect(await inviteUser(admin.client, input(await newProvider()), { idempotencyKey: key })).toMatchObject({ ok: true });
    const other = input(await newProvider());
    expect(await inviteUser(admin.client, other, { idempotencyKey: key })).toMatchObject({ ok: false, status: 422, code: 'idempotency_key_reused' });
    expect(await accountsFor(other.email)).toEqual([]);
  });
});
