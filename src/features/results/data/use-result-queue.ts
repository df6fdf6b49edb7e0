/**
 * The error queue of laboratory messages (result_inbox_errors: malformed, unmatched or
 * unsolicited results), read online by staff (server-only records, docs/data-model.md):
 * the open ones oldest first, then the last resolved ones with who resolved them and why.
 * The queue names patients, so it is read through `result_queue`, which logs each page in
 * read_log (the table API answers only its counts and states).
 * `findOrderByRequisition` looks up the order a message is matched to.
 */
import { useCallback, useEffect, useState } from 'react';

export interface QueuedMessage {
  id: string;
  received_at: string;
  control_id: string | null;
  placer_order_number: string | null;
  patient_name: string | null;
  error: string;
  status: 'open' | 'matched' | 'rejected';
  reason: string | null;
  resolved_at: string | null;
  order_id: string | null;
  kind: string;
  times_received: number;
  last_received_at: string;
  candidate_order_id: string | null;
  /** Both identities when the result names another patient than its order's. */
  order_patient: string | null;
  message_patient: string | null;
}

export type QueueState = { status: 'loading' } | { status: 'offline' } | { status: 'failed'; message: string } | { status: 'ready'; open: QueuedMessage[]; resolved: QueuedMessage[] };

export function useResultQueue(): { state: QueueState; reload: () => void } {
  const [state, setState] = useState<QueueState>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      setState({ status: 'offline' });
      return;
    }
    void (async () => {
      const { supabase } = await import('../../../lib/supabase.ts');
      const [open, resolved] = await Promise.all([
        supabase.rpc('result_queue', { p_open: true, p_limit: 200 }),
        supabase.rpc('result_queue', { p_open: false, p_limit: 20 }),
      ]);
      if (!live) return;
      const error = open.error ?? resolved.error;
      if (error) return setState({ status: 'failed', message: error.message });
      setState({ status: 'ready', open: (open.data ?? []) as QueuedMessage[], resolved: (resolved.data ?? []) as QueuedMessage[] });
    })();
    return () => {
      live = false;
    };
  }, [tick]);
  return { state, reload };
}

export async function findOrderByRequisition(requisition: string): Promise<{ id: string; status: string } | null> {
  const { supabase } = await import('../../../lib/supabase.ts');
  // Orders are patient data: read through the logged lookup, never the table API.
  const { data, error } = await supabase.rpc('order_by_requisition', { p_requisition: requisition });
  if (error) throw new Error(error.message);
  return (data as { id: string; status: string } | null) ?? null;
}
