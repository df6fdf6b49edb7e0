// postgres_changes through the real supabase-js client: RLS per subscriber, filters,
// payload fidelity (microseconds, arrays, jsonb), updates/deletes, and batched re-selects.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY } from '../config.ts';
import { startHarness, userToken, type Harness } from './test-support.ts';

type Note = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Note>;

let harness: Harness;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  harness = await startHarness();
}); // PGlite's first start is slow on a busy machine: the project's hookTimeout (180 s) applies

afterEach(async () => {
  for (const client of clients.splice(0)) await client.removeAllChannels();
});

afterAll(async () => {
  await harness?.close();
});

async function subscriber(token: string | null, filter?: string, event: '*' | 'INSERT' | 'UPDATE' | 'DELETE' = '*') {
  const client = createClient(harness.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  clients.push(client);
  if (token) await client.realtime.setAuth(token);
  const changes: Change[] = [];
  const channel = client.channel(`notes-${randomUUID()}`);
  channel.on('postgres_changes', { event, schema: 'public', table: 'rt_notes', ...(filter ? { filter } : {}) }, (change) => {
    changes.push(change as Change);
  });
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    });
  });
  return { changes, channel };
}

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Give a change that must NOT arrive the time it would have taken to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('postgres_changes', () => {
  it('delivers a visible insert with the row serialised by Postgres, and hides rows RLS denies', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const forAlice = await subscriber(await userToken(alice));
    const forBob = await subscriber(await userToken(bob));
    const anonymous = await subscriber(null);
    const id = randomUUID();
    await harness.db.pg.query(
      `insert into public.rt_notes (id, owner, body, tags, data, at)
       values ($1, $2, 'hello', '{a,"b c"}', '{"k":[1,2]}', '2026-11-21 10:00:00.123456+00')`,
      [id, alice],
    );
    await until(() => forAlice.changes.length === 1);
    const [change] = forAlice.changes;
    expect(change?.eventType).toBe('INSERT');
    expect(change?.schema).toBe('public');
    expect(change?.table).toBe('rt_notes');
    expect(change?.new).toEqual({
      id, owner: alice, body: 'hello', n: 0, tags: ['a', 'b c'], data: { k: [1, 2] },
      at: '2026-11-21T10:00:00.123456+00:00',
    });
    expect(change?.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await settle();
    expect(forBob.changes).toEqual([]);
    expect(anonymous.changes).toEqual([]);
  });

  it('sends updates with the old key and deletes with the old key only', async () => {
    const owner = randomUUID();
    const { changes } = await subscriber(await userToken(owner));
    const id = randomUUID();
    // One write at a time: the feed re-selects rows, so a row deleted in the same batch as
    // its insert only yields the DELETE (its last state).
    await harness.db.pg.query(`insert into public.rt_notes (id, owner) values ($1, $2)`, [id, owner]);
    await until(() => changes.length === 1);
    await harness.db.pg.query(`update public.rt_notes set body = 'edited' where id = $1`, [id]);
    await until(() => changes.length === 2);
    await harness.db.pg.query(`delete from public.rt_notes where id = $1`, [id]);
    await until(() => changes.length === 3);
    expect(changes.map((change) => change.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(changes[1]?.new).toMatchObject({ id, body: 'edited' });
    expect(changes[1]?.old).toEqual({ id });
    expect(changes[2]?.old).toEqual({ id });
    expect(changes[2]?.new).toEqual({});
  });

  it('applies eq, neq, in and gt filters, and the event of the binding', async () => {
    const owner = randomUUID();
    const token = await userToken(owner);
    const eq = await subscriber(token, 'body=eq.match me');
    const neq = await subscriber(token, 'body=neq.match me');
    const inList = await subscriber(token, 'body=in.(x,"match me",y)');
    const gt = await subscriber(token, 'n=gt.5');
    const updatesOnly = await subscriber(token, undefined, 'UPDATE');
    await harness.db.pg.query(`insert into public.rt_notes (owner, body, n) values ($1, 'match me', 3), ($1, 'other', 10)`, [owner]);
    await until(() => neq.changes.length === 1 && eq.changes.length === 1 && inList.changes.length === 1 && gt.changes.length === 1);
    await settle();
    expect(eq.changes.map((c) => (c.new as Note).body)).toEqual(['match me']);
    expect(neq.changes.map((c) => (c.new as Note).body)).toEqual(['other']);
    expect(inList.changes.map((c) => (c.new as Note).body)).toEqual(['match me']);
    expect(gt.changes.map((c) => (c.new as Note).body)).toEqual(['other']);
    expect(updatesOnly.changes).toEqual([]);
  });

  it("keeps delivering to a subscriber when another one's filter fails in Postgres", async () => {
    const owner = randomUUID();
    const token = await userToken(owner);
    // Same token, so one re-select serves all three: a regex that does not compile and
    // text with a NUL both make Postgres refuse the query that evaluates every filter.
    const badRegex = await subscriber(token, 'body=match.(unclosed');
    const nul = await subscriber(token, 'body=eq.a\u0000b');
    const good = await subscriber(token, 'body=eq.wanted');
    await harness.db.pg.query(`insert into public.rt_notes (owner, body) values ($1, 'wanted'), ($1, 'other')`, [owner]);
    await until(() => good.changes.length === 1);
    await settle();
    expect(good.changes.map((c) => (c.new as Note).body)).toEqual(['wanted']);
    expect(badRegex.changes).toEqual([]);
    expect(nul.changes).toEqual([]);
  });

  it('matches a delete only on what the old key holds, as Realtime does', async () => {
    const owner = randomUUID();
    const token = await userToken(owner);
    const id = randomUUID();
    await harness.db.pg.query(`insert into public.rt_notes (id, owner, body) values ($1, $2, 'gone')`, [id, owner]);
    const byId = await subscriber(token, `id=eq.${id}`, 'DELETE');
    const byBody = await subscriber(token, 'body=eq.gone', 'DELETE');
    await harness.db.pg.query(`delete from public.rt_notes where id = $1`, [id]);
    await until(() => byId.changes.length === 1);
    await settle();
    expect(byId.changes[0]?.old).toEqual({ id });
    expect(byBody.changes).toEqual([]);
  });

  it('re-selects a 500-row batch with one query per subscriber, not one per row', async () => {
    const owner = randomUUID();
    const first = await subscriber(await userToken(owner));
    const second = await subscriber(await userToken(owner));
    const before = harness.callerQueries();
    await harness.db.pg.query(
      `insert into public.rt_notes (owner, n) select $1, g from generate_series(1, 500) g`,
      [owner],
    );
    await until(() => first.changes.length === 500 && second.changes.length === 500, 10_000);
    expect(first.changes.map((c) => (c.new as Note).n)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    // Both subscribers carry different tokens, so at most one query each (plus slack for a split batch).
    expect(harness.callerQueries() - before).toBeLessThanOrEqual(4);
  });
});
