/**
 * The dashboard's "Refused by the laboratory" card (issue 32): submitted orders the
 * laboratory answered AE/AR, newest first, each with its requisition number and the
 * laboratory's text, linked to the order where an admin corrects and resends it. Orders
 * are protected records: with patient records locked, the card says so instead of a count.
 */
import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { FigureCard } from '../../../components/dashboard/figure-card.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { useProtectedRecords } from '../data/use-entry-data.ts';
import { refusedOrders } from '../model/lab-delivery.ts';

const SHOWN = 5;

function RefusedList({ db }: { db: LocalDatabase }) {
  const records = useProtectedRecords(db);
  if (records.status !== 'ready') return <Text color="fg.muted" fontSize="sm">Reading the orders…</Text>;
  const refused = refusedOrders(records.orders);
  if (refused.length === 0) return <Text color="fg.muted" fontSize="sm" data-testid="dashboard-refused-none">No order is waiting for a correction.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
      {refused.slice(0, SHOWN).map((order) => (
        <li key={order.id}>
          <Link asChild variant="underline" fontWeight="medium">
            <RouterLink to={`/orders/${order.id}`}>{order.requisition_number}</RouterLink>
          </Link>
          <Text fontSize="sm" color="red.fg">{order.lis_error}</Text>
        </li>
      ))}
      {refused.length > SHOWN && <Text fontSize="sm" color="fg.muted">and {refused.length - SHOWN} more</Text>}
    </Stack>
  );
}

export function RefusedOrdersCard({ db }: { db: LocalDatabase | null }) {
  return (
    <FigureCard title="Refused by the laboratory" description="Orders the laboratory could not take: correct them and resend." testId="dashboard-refused-orders">
      {db ? <RefusedList db={db} /> : <Text color="fg.muted" fontSize="sm">Unlock patient records to see the orders the laboratory refused.</Text>}
    </FigureCard>
  );
}
