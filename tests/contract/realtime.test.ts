// Realtime postgres_changes with the real supabase-js client against the stack (or a hosted
// project): latency between two signed-in users, RLS per subscriber, filters, heartbeat
// and leave.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { serviceClient, staffUser, userWithRole, type Client } from '../helpers/clients.ts';
import { providerRow, seedRows, type Row } from './directory-helpers.ts';

type Change = RealtimePostgresChangesPayload<Row> & { receivedAt: number };

const channels: Array<{ client: Client; channel: RealtimeChannel }> = [];

afterEach(async () => {
  for (const { client, channel } of channels.splice(0)) await client.removeChannel(channel);
});

/** Subscribe `client` to changes of providers and collect them with their arrival time. */
async function watchProviders(client: Client, filter?: string) {
  const changes: Change[] = [];
  const channel = client
    .channel(`providers-${randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'providers', ...(filter ? { filter } : {}) }, (change) =>
      changes.push({ ...(change as RealtimePostgresChangesPayload<Row>), receivedAt: Date.now() }),
    );
  channels.push({ client, channel });
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  return { changes, channel };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for a change');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const idsOf = (changes: Change[]) => changes.map((change) => (change.eventType === 'DELETE' ? change.old.id : change.new.id));

describe('realtime postgres_changes', () => {
  it('brings a change by one signed-in user to another subscribed user within a second', async () => {
    const watcher = await staffUser('watcher');
    const writer = await staffUser('writer');
    const { changes } = await watchProviders(watcher.client);
    const row = providerRow();
    const started = Date.now();
    const { data, error } = await writer.client.from('providers').insert(row).select().single();
    expect(error).toBeNull();
    await until(() => changes.some((change) => change.eventType === 'INSERT' && change.new.id === row.id));
    const change = changes.find((c) => c.new && (c.new as Row).id === row.id) as Change;
    expect(change.receivedAt - started).toBeLessThan(1000);
    expect(change.schema).toBe('public');
    expect(change.table).toBe('providers');
    // The record is what the Data API returns for the row, timestamps to the microsecond.
    expect(change.new).toEqual(data);
  });

  it('never sends a provider user the change of another provider', async () => {
    const providerUser = await userWithRole('provider');
    const [own, other] = await seedRows('providers', [providerRow(), providerRow()]);
    const service = serviceClient();
    const link = await service.from('profiles').update({ provider_id: own?.id }).eq('id', providerUser.id);
    expect(link.error).toBeNull();
    const { changes } = await watchProviders(providerUser.client);
    // The other provider changes first: had it been delivered, it would arrive first.
    expect((await service.from('providers').update({ nickname: 'other' }).eq('id', other?.id)).error).toBeNull();
    expect((await service.from('providers').update({ nickname: 'mine' }).eq('id', own?.id)).error).toBeNull();
    await until(() => changes.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(idsOf(changes)).toEqual([own?.id]);
    expect(changes[0]?.eventType).toBe('UPDATE');
    expect(changes[0]?.new).toMatchObject({ id: own?.id, nickname: 'mine' });
  });

  it('applies the subscription filter', async () => {
    const watcher = await staffUser('filter');
    const lastName = `Filtered-${randomUUID().slice(0, 8)}`;
    const byName = await watchProviders(watcher.client, `last_name=eq.${lastName}`);
    const rows = [providerRow({ last_name: lastName }), providerRow(), providerRow({ last_name: lastName })];
    const byIds = await watchProviders(watcher.client, `id=in.(${rows[1]?.id},${rows[2]?.id})`);
    await seedRows('providers', rows);
    await until(() => byName.changes.length === 2 && byIds.changes.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(idsOf(byName.changes).sort()).toEqual([rows[0]?.id, rows[2]?.id].sort());
    expect(idsOf(byIds.changes).sort()).toEqual([rows[1]?.id, rows[2]?.id].sort());
  });

  it('answers heartbeats', async () => {
    const watcher = await staffUser('heartbeat');
    await watchProviders(watcher.client);
    const statuses: string[] = [];
    watcher.client.realtime.onHeartbeat((status) => statuses.push(status));
    await watcher.client.realtime.sendHeartbeat();
    await until(() => statuses.includes('ok'), 3000);
    expect(statuses).toEqual(['sent', 'ok']);
  });

  it('stops sending changes once the channel is left', async () => {
    const watcher = await staffUser('leaver');
    const left = await watchProviders(watcher.client);
    const control = await watchProviders(watcher.client);
    expect(await left.channel.unsubscribe()).toBe('ok');
    const [row] = await seedRows('providers', [providerRow()]);
    await until(() => idsOf(control.changes).includes(row?.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(left.changes).toEqual([]);
  });
});
