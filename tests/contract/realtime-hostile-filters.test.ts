/**
 * Hostile postgres_changes filters (quotes, commas, parentheses, unicode, huge text,
 * operator names that are Object.prototype keys) on a signed-in user's Realtime socket: each
 * join is answered (ok, or a system error naming the problem), the socket stays up, and the
 * same socket's well-formed channel still receives the next change.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, type Frame } from '../../supabase/local/realtime/test-support.ts';
import { staffUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { hostileText, hostileTextOrHuge } from '../helpers/hostile-text.ts';
import { providerRow, seedOne } from './directory-helpers.ts';

let raw: RawClient;
let token: string;

beforeAll(async () => {
  const user = await staffUser('rt-fuzz');
  token = (await user.client.auth.getSession()).data.session!.access_token;
  raw = await RawClient.connect(SUPABASE_URL, SUPABASE_ANON_KEY);
});

afterAll(() => raw?.close());

async function join(topic: string, filter?: string): Promise<{ reply: Frame; system: Frame }> {
  const binding = { event: '*', schema: 'public', table: 'providers', ...(filter === undefined ? {} : { filter }) };
  const ref = raw.send(null, topic, 'phx_join', { config: { postgres_changes: [binding] }, access_token: token });
  const reply = await raw.next((frame) => frame[1] === ref && frame[3] === 'phx_reply', 10_000);
  const system = await raw.next((frame) => frame[2] === topic && frame[3] === 'system', 10_000);
  return { reply, system };
}

describe('hostile postgres_changes filters', () => {
  const operator = fc.constantFrom('eq', 'ilike', 'in', 'is', 'toString', 'constructor', '__proto__', 'valueOf');
  const filter = fc.oneof(
    fc.tuple(fc.constantFrom('last_name', 'npi', 'nope'), operator, hostileText).map(([column, op, value]) => `${column}=${op}.${value}`),
    hostileTextOrHuge.filter((text) => text !== ''),
  );

  it('are answered at join, ok or with a system error, and never spoil the socket', async () => {
    await fc.assert(
      fc.asyncProperty(filter, async (text) => {
        const { reply, system } = await join(`realtime:fuzz-${randomUUID().slice(0, 8)}`, text);
        expect((reply[4] as { status: string }).status).toBe('ok');
        const payload = system[4] as { status: string; message: string };
        if (payload.status === 'error') {
          expect(payload.message).toMatch(/^(Error parsing `filter` params|Invalid column name in filter)/);
        } else {
          expect(payload.message).toBe('Subscribed to PostgreSQL');
        }
        // Operator names that are Object.prototype keys are no operators.
        if (/=(toString|constructor|__proto__|valueOf)\./.test(text)) expect(payload.status).toBe('error');
      }),
      { numRuns: 30 },
    );

    const control = `realtime:control-${randomUUID().slice(0, 8)}`;
    await join(control);
    const id = await seedOne('providers', providerRow());
    const change = await raw.next((frame) => frame[2] === control && frame[3] === 'postgres_changes' && JSON.stringify(frame[4]).includes(id), 10_000);
    expect(change).toBeTruthy();
  });
});
