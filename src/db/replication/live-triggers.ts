/**
 * What makes a replication look at the server again: a Realtime `postgres_changes` event on
 * its table (one channel with a binding per table; the event only says "something changed",
 * the pull reads what), the channel (re)connecting, the user coming back to the app, and a
 * slow interval as a safety net for missed events. Patient data never travels over
 * Realtime: the protected tables are not published, and a write to one of them inserts a
 * `sync_hints` row naming only the table (20261205100002), which is the event those
 * replications listen to.
 */
import type { SupabaseClient } from '../../lib/supabase.ts';
import type { Connectivity } from '../connectivity.ts';
import { isProtectedTable, type SyncedTable } from '../tables/definitions.ts';

/** The table whose inserts say "a protected table changed: pull it". */
export const SYNC_HINTS_TABLE = 'sync_hints';

export interface LiveTriggerOptions {
  supabase: Pick<SupabaseClient, 'channel' | 'removeChannel'>;
  channelName: string;
  tables: readonly SyncedTable[];
  connectivity: Connectivity;
  intervalMs: number;
  onTableChanged(table: SyncedTable): void;
  onResyncAll(): void;
}

/** Start listening; returns the function that stops it. */
export function startLiveTriggers(options: LiveTriggerOptions): () => void {
  const channel = options.supabase.channel(options.channelName);
  const hinted = options.tables.filter(isProtectedTable);
  for (const table of options.tables.filter((name) => !isProtectedTable(name))) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table }, () => options.onTableChanged(table));
  }
  if (hinted.length > 0) {
    channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: SYNC_HINTS_TABLE }, (change: { new?: { table_name?: unknown } }) => {
      const table = hinted.find((name) => name === change.new?.table_name);
      if (table) options.onTableChanged(table);
    });
  }
  // Changes made while the socket was down produced no event: resync on every (re)join.
  channel.subscribe((status) => {
    if (status === 'SUBSCRIBED') options.onResyncAll();
  });
  const offReturn = options.connectivity.onReturn(options.onResyncAll);
  const timer = setInterval(options.onResyncAll, options.intervalMs);
  return () => {
    clearInterval(timer);
    offReturn();
    void options.supabase.removeChannel(channel).catch(() => undefined);
  };
}
