import { describe, expect, it, vi } from 'vitest';
import type { Connectivity } from '../connectivity.ts';
import { startLiveTriggers, SYNC_HINTS_TABLE } from './live-triggers.ts';

type Listener = (change: { new?: Record<string, unknown> }) => void;

function fakeClient() {
  const bindings: Array<{ filter: { event: string; table: string }; listener: Listener }> = [];
  const channel = {
    on(_type: string, filter: { event: string; table: string }, listener: Listener) {
      bindings.push({ filter, listener });
      return channel;
    },
    subscribe: vi.fn(),
  };
  return { supabase: { channel: () => channel, removeChannel: vi.fn(() => Promise.resolve('ok')) }, bindings };
}

const connectivity: Connectivity = { online: () => true, onReturn: () => () => undefined } as unknown as Connectivity;

describe('the live triggers', () => {
  it('listen to the directory\'s tables themselves, and to the hints (never the rows) for patient data', () => {
    const { supabase, bindings } = fakeClient();
    const changed = vi.fn();
    const stop = startLiveTriggers({
      supabase: supabase as never, channelName: 'test', tables: ['providers', 'patients', 'orders'], connectivity, intervalMs: 60_000,
      onTableChanged: changed, onResyncAll: vi.fn(),
    });
    expect(bindings.map((binding) => [binding.filter.table, binding.filter.event])).toEqual([['providers', '*'], [SYNC_HINTS_TABLE, 'INSERT']]);
    const hints = bindings[1]!.listener;
    hints({ new: { id: 1, table_name: 'orders', changed_at: '2026-12-05T10:00:00Z' } });
    hints({ new: { id: 2, table_name: 'results' } }); // a table this engine does not sync
    bindings[0]!.listener({ new: { id: 'p' } });
    expect(changed.mock.calls).toEqual([['orders'], ['providers']]);
    stop();
  });

  it('do not listen to hints when the engine syncs no patient data', () => {
    const { supabase, bindings } = fakeClient();
    startLiveTriggers({ supabase: supabase as never, channelName: 't', tables: ['organizations'], connectivity, intervalMs: 60_000, onTableChanged: vi.fn(), onResyncAll: vi.fn() })();
    expect(bindings.map((binding) => binding.filter.table)).toEqual(['organizations']);
  });
});
