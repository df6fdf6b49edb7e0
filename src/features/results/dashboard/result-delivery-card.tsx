/**
 * The dashboard's "Result delivery" card (issue 32), for staff: the laboratory messages
 * waiting in the result queue, and the result emails and faxes that failed (given up) or
 * are being retried. Counts read online from the server-only tables; links to the queue.
 */
import { Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FigureCard } from '../../../components/dashboard/figure-card.tsx';

interface Counts {
  queued: number;
  failed: number;
  retrying: number;
}

async function readCounts(): Promise<Counts> {
  const { supabase } = await import('../../../lib/supabase.ts');
  const count = { count: 'exact' as const, head: true };
  const [queued, failed, retrying] = await Promise.all([
    supabase.from('result_inbox_errors').select('id', count).eq('status', 'open'),
    supabase.from('result_distributions').select('id', count).eq('status', 'failed'),
    supabase.from('result_distributions').select('id', count).eq('status', 'queued').gt('attempts', 0),
  ]);
  const error = queued.error ?? failed.error ?? retrying.error;
  if (error) throw new Error(error.message);
  return { queued: queued.count ?? 0, failed: failed.count ?? 0, retrying: retrying.count ?? 0 };
}

export function ResultDeliveryCard() {
  const [counts, setCounts] = useState<Counts | 'offline' | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    if (typeof navigator !== 'undefined' && !navigator.onLine) setCounts('offline');
    else readCounts().then((c) => live && setCounts(c), () => live && setCounts('failed'));
    return () => {
      live = false;
    };
  }, []);
  return (
    <FigureCard title="Result delivery" description="Laboratory messages to match, and result emails and faxes that did not go through." testId="dashboard-result-delivery">
      {counts === null ? <Text color="fg.muted" fontSize="sm">Reading…</Text> : null}
      {counts === 'offline' ? <Text color="fg.muted" fontSize="sm">Shown when you are online.</Text> : null}
      {counts === 'failed' ? <Text color="fg.error" fontSize="sm">The delivery figures could not be read.</Text> : null}
      {counts && typeof counts === 'object' ? (
        <Stack gap="1" fontSize="sm">
          <Link asChild variant="underline" fontWeight="medium">
            <RouterLink to="/results/queue">{counts.queued === 1 ? '1 laboratory message waits in the result queue' : `${counts.queued} laboratory messages wait in the result queue`}</RouterLink>
          </Link>
          <Text color={counts.failed > 0 ? 'red.fg' : undefined}>{`${counts.failed} result email${counts.failed === 1 ? '' : 's'} or faxes failed`}</Text>
          <Text color={counts.retrying > 0 ? 'orange.fg' : undefined}>{`${counts.retrying} being retried`}</Text>
        </Stack>
      ) : null}
    </FigureCard>
  );
}
