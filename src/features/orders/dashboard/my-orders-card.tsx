/**
 * A provider's dashboard (issue 27), their orders by status: RLS sends a provider's login only
 * their own orders, and a delegate only the orders of the providers they act for, so the
 * orders on this device are theirs. Counted with the order list's own rule (its status
 * filter), so each figure opens the list it counts.
 */
import { useMemo } from 'react';
import { Figure, FigureCard, LOCKED_FIGURE, LockedFiguresNote } from '../../../components/dashboard/figure-card.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { useProtectedRecords } from '../data/use-entry-data.ts';
import { ORDER_FILTERS } from '../model/order-list.ts';
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from '../model/order-texts.ts';

const SHOWN: readonly OrderStatus[] = ['submitted', 'received', 'in_progress', 'resulted', 'cancelled'];

/** Orders per status (drafts stay on the device that made them: not counted here). */
export function ordersByStatus(orders: ReadonlyArray<{ status: string }>): Record<OrderStatus, number> {
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const order of orders) if (order.status in counts) counts[order.status as OrderStatus] += 1;
  return counts;
}

function StatusFigures({ counts, locked = false }: { counts: Record<OrderStatus, number> | null; locked?: boolean }) {
  return (
    <>
      {SHOWN.map((status) => (
        <Figure
          key={status}
          label={STATUS_LABELS[status]}
          count={counts ? counts[status] : null}
          to={filteredListPath('/orders', ORDER_FILTERS, { status })}
          testId={`figure-my-orders-${status}`}
          unavailable={locked ? LOCKED_FIGURE : undefined}
        />
      ))}
      {locked && <LockedFiguresNote unlockAt="/orders" />}
    </>
  );
}

function CountedOrders({ db }: { db: LocalDatabase }) {
  const records = useProtectedRecords(db);
  const counts = useMemo(() => ordersByStatus(records.orders), [records.orders]);
  return records.status === 'ready' ? <StatusFigures counts={counts} /> : <StatusFigures counts={null} />;
}

export function MyOrdersCard({ db }: { db: LocalDatabase | null }) {
  return (
    <FigureCard title="Your orders" description="The orders placed for you, by status." testId="dashboard-my-orders">
      {db ? <CountedOrders db={db} /> : <StatusFigures counts={null} locked />}
    </FigureCard>
  );
}
