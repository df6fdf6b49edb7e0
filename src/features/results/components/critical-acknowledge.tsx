/**
 * "Acknowledge critical value" on a critical result: the open critical_value alert of this
 * result (alerts live in the user's own database, src/lib/alerts), acknowledged by the
 * ordering provider or staff; the server stamps who and when and the escalation stops.
 * Offline the acknowledgement waits on this device and syncs.
 */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { showToast } from '../../../components/show-toast.ts';
import { acknowledgeAlert, useAlerts } from '../../../lib/alerts/alert-data.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { DISTRIBUTION_TEXT } from '../model/result-texts.ts';

export function CriticalAcknowledge({ resultId, onAcknowledged }: { resultId: string; onAcknowledged: () => void }) {
  const db = useLocalDatabase();
  const live = useAlerts({ openOnly: true });
  const [busy, setBusy] = useState(false);
  if (!db || live.status !== 'ready') return null;
  const alert = live.value.find((a) => a.kind === 'critical_value' && (a.details as { result_id?: string } | null)?.result_id === resultId);
  if (!alert) return null;
  const acknowledge = async () => {
    setBusy(true);
    const outcome = await acknowledgeAlert(db, alert, { timeoutMs: 5_000 });
    setBusy(false);
    if (outcome === 'failed') return showToast({ title: 'Error', description: DISTRIBUTION_TEXT.acknowledgeFailed, type: 'error' });
    showToast({ title: DISTRIBUTION_TEXT.acknowledgedToast, description: outcome === 'pending' ? DISTRIBUTION_TEXT.acknowledgePending : DISTRIBUTION_TEXT.acknowledgedDescription, type: 'success' });
    onAcknowledged();
  };
  return (
    <Button colorPalette="red" loading={busy} onClick={() => void acknowledge()}>
      {DISTRIBUTION_TEXT.acknowledge}
    </Button>
  );
}
