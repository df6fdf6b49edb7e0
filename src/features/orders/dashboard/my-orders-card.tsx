/**
 * A provider's dashboard (issue 27), their orders by status: RLS sends a provider's login only
 * their own orders, and a delegate only the orders of the providers they act for, so the
 * orders on this device are theirs. Counted with the order list's own rule (its status
 * filter), so each figure opens the list it counts. The counts (numbers, nothing of a
 * patient) are kept for the day, so while the records are locked the card still shows
 * what the provider's login counted last rather than "Locked".
 */
import { useEffect, useMemo } from 'react';
import { Figure, FigureCard, KeptFiguresNote, LOCKED_FIGURE, LockedFiguresNote } from '../../../components/dashboard/figure-card.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { keepCounts, readKeptCounts } from '../../../lib/list/kept-counts.ts';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
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

const KEPT_AS = 'my-orders';

function StatusFigures({ counts, locked = false, kept = false }: { counts: Record<OrderStatus, number> | null; locked?: boolean; kept?: boolean }) {
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
      {kept && <KeptFiguresNote unlockAt="/orders" />}
    </>
  );
}

function CountedOrders({ db, userId }: { db: LocalDatabase; userId: string | null }) {
  const records = useProtectedRecords(db);
  const counts = useMemo(() => ordersByStatus(records.orders), [records.orders]);
  const ready = records.status === 'ready';
  useEffect(() => {
    if (ready && userId) keepCounts(userId, KEPT_AS, counts);
  }, [ready, userId, counts]);
  return ready ? <StatusFigures counts={counts} /> : <StatusFigures counts={null} />;
}

export function MyOrdersCard({ db }: { db: LocalDatabase | null }) {
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const kept = useMemo(() => (!db && userId ? readKeptCounts<Record<OrderStatus, number>>(userId, KEPT_AS) : null), [db, userId]);
  return (
    <FigureCard title="Your orders" description="The orders placed for you, by status." testId="dashboard-my-orders">
      {db ? <CountedOrders db={db} userId={userId} /> : kept ? <StatusFigures counts={kept} kept /> : <StatusFigures counts={null} locked />}
    </FigureCard>
  );
}
