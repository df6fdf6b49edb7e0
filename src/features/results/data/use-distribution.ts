/**
 * A result's distribution record, read online from the server-only queue
 * `result_distributions` (docs/data-model.md: distribution attempts and critical-value
 * notification logs stay on the server): every email, fax and in-app notice with its
 * status, attempts and error, and the critical value's acknowledgement (the alert's
 * acknowledged_at/by, with the acknowledger's name). Read again every 15 s while the page
 * is open, so a retry or an escalation shows up; offline it says so.
 */
import { useEffect, useState } from 'react';

export interface DistributionRow {
  id: string;
  purpose: 'result' | 'critical' | 'escalation';
  round: number;
  channel: 'email' | 'fax' | 'in_app';
  recipient: string;
  recipient_name: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  sent_at: string | null;
  created_at: string;
  alert_id: string | null;
}

export interface Acknowledgement {
  at: string | null;
  by: string | null;
}

export type DistributionState =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; rows: DistributionRow[]; acknowledgement: Acknowledgement | null };

const REFRESH_MS = 15_000;

async function readDistribution(resultId: string): Promise<DistributionState> {
  const { supabase } = await import('../../../lib/supabase.ts');
  const { data, error } = await supabase
    .from('result_distributions')
    .select('id, purpose, round, channel, recipient, recipient_name, status, attempts, last_error, next_attempt_at, sent_at, created_at, alert_id')
    .eq('result_id', resultId)
    .order('created_at')
    .order('channel')
    .order('recipient');
  if (error) return { status: 'failed', message: error.message };
  const rows = (data ?? []) as DistributionRow[];
  const alertId = rows.find((row) => row.alert_id)?.alert_id;
  if (!alertId) return { status: 'ready', rows, acknowledgement: null };
  const alert = await supabase.from('alerts').select('acknowledged_at, acknowledged_by').eq('id', alertId).maybeSingle();
  const ack = alert.data as { acknowledged_at: string | null; acknowledged_by: string | null } | null;
  let by: string | null = null;
  if (ack?.acknowledged_by) {
    const profile = await supabase.from('profiles').select('first_name, last_name, email').eq('id', ack.acknowledged_by).maybeSingle();
    const p = profile.data as { first_name: string | null; last_name: string | null; email: string | null } | null;
    by = [p?.first_name, p?.last_name].filter(Boolean).join(' ') || p?.email || 'a user';
  }
  return { status: 'ready', rows, acknowledgement: { at: ack?.acknowledged_at ?? null, by } };
}

export function useDistribution(resultId: string, refreshKey: unknown = null): DistributionState {
  const [state, setState] = useState<DistributionState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const load = () => {
      if (typeof navigator !== 'undefined' && !navigator.onLine) return void setState({ status: 'offline' });
      readDistribution(resultId)
        .then((next) => live && setState(next))
        .catch((error: unknown) => live && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }));
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [resultId, refreshKey]);
  return state;
}
