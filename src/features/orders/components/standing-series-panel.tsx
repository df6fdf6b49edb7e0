/**
 * A standing order's series on the order page (issue 31): its repeat, the occurrences the
 * server has created so far (links to each order), the next due date, why the server stopped
 * it if it refused an occurrence, and "Stop series" for staff (the server checks the role and
 * stamps who and when). An occurrence's page links back to the order that started it.
 */
import { Alert, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from '../../../components/ui/toaster.tsx';
import type { LocalDatabase, OrderDoc } from '../../../db/index.ts';
import { nextOccurrence, type Standing } from '../../../lib/lab/standing-orders.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { stopSeries } from '../data/save-order.ts';
import { describeStanding } from '../model/repeat.ts';
import { formatDetailDate, formatDetailDateTime, formatListDate } from '../../../lib/format/date.ts';

export function StandingSeriesPanel({ db, order, orders }: { db: LocalDatabase; order: OrderDoc; orders: readonly OrderDoc[] }) {
  const isStaff = useSessionStore((state) => state.access === 'staff' || state.access === 'admin');
  const [busy, setBusy] = useState(false);
  if (order.standing_parent_id) {
    const parent = orders.find((item) => item.id === order.standing_parent_id);
    return (
      <Text data-testid="order-series">
        Occurrence {order.standing_occurrence} of the standing order{' '}
        {parent ? (
          <Link asChild colorPalette="brand">
            <RouterLink to={`/orders/${parent.id}`}>{parent.requisition_number}</RouterLink>
          </Link>
        ) : 'that started it'}
      </Text>
    );
  }
  const standing = order.standing as Standing | null;
  if (!standing) return null;
  const occurrences = orders
    .filter((item) => item.standing_parent_id === order.id)
    .sort((a, b) => (a.standing_occurrence ?? 0) - (b.standing_occurrence ?? 0));
  const stoppedAt = order.standing_stopped_at ? new Date(order.standing_stopped_at) : null;
  const next = order.collected_at && (order.status !== 'cancelled')
    ? nextOccurrence({ first: new Date(order.collected_at), standing, stoppedAt, created: occurrences.map((item) => item.standing_occurrence ?? 0) })
    : null;

  async function onStop() {
    setBusy(true);
    try {
      await stopSeries(db, order.id);
      toast({ title: 'The series is stopped: no further orders will be created.', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'The series could not be stopped.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack as="section" aria-label="Standing order" gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="order-series">
      <Text fontWeight="medium">Standing order: {describeStanding(standing)}</Text>
      <Text fontSize="sm">This order is occurrence 1.</Text>
      {occurrences.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label="Occurrences created">
          {occurrences.map((item) => (
            <li key={item.id}>
              <Link asChild colorPalette="brand">
                <RouterLink to={`/orders/${item.id}`}>
                  Occurrence {item.standing_occurrence}: {item.requisition_number}
                </RouterLink>
              </Link>
              {item.collected_at ? ` · ${formatListDate(item.collected_at)}` : ''}
            </li>
          ))}
        </Stack>
      )}
      {order.standing_error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{order.standing_error}</Alert.Description>
        </Alert.Root>
      )}
      <Text data-testid="order-series-next">
        {stoppedAt
          ? `Stopped on ${formatDetailDateTime(stoppedAt)}.`
          : next
            ? `Next: occurrence ${next.occurrence}, due ${formatDetailDate(next.due)}.`
            : 'Every occurrence has been created.'}
      </Text>
      {isStaff && !stoppedAt && next && order.status !== 'cancelled' && (
        <HStack>
          <Button variant="outline" colorPalette="red" onClick={() => void onStop()} loading={busy}>
            Stop series
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
