/**
 * The dashboard's orders (issue 27): STAT orders sent and not yet received by the
 * laboratory, orders waiting to send from this device, ABNs waiting for the patient's
 * signature, today's orders by status, and the orders of the last 30 days as a line. Read
 * from this device's protected database (offline too), counted by order-figures.ts with
 * the order list's own rules, so each figure opens the list it counts.
 */
import { Button, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LineChart } from '../../../components/charts/line-chart.tsx';
import { Figure, FigureCard } from '../../../components/dashboard/figure-card.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { useProtectedRecords } from '../data/use-entry-data.ts';
import { orderFigures } from '../model/order-figures.ts';
import { ORDER_FILTERS } from '../model/order-list.ts';
import { STATUS_LABELS, type OrderStatus } from '../model/order-texts.ts';

const ORDERS = '/orders';
const TODAY_STATUSES: readonly OrderStatus[] = ['draft', 'submitted', 'received', 'in_progress', 'resulted'];

export function OrderFiguresCard({ db }: { db: LocalDatabase }) {
  const records = useProtectedRecords(db);
  const ready = records.status === 'ready';
  const figures = useMemo(() => orderFigures(records.orders, new Date()), [records.orders]);
  const count = (value: number) => (ready ? value : null);
  const points = useMemo(() => figures.perDay.map((entry) => ({ day: entry.day, value: entry.count })), [figures.perDay]);
  const monthTotal = points.reduce((sum, point) => sum + point.value, 0);
  return (
    <FigureCard title="Orders" description="What the laboratory is waiting for, and today's orders." testId="dashboard-orders">
      <Figure label="STAT orders not yet received by the laboratory" count={count(figures.statNotReceived)} to={filteredListPath(ORDERS, ORDER_FILTERS, { priority: 'stat', status: 'submitted' })} tone="danger" testId="figure-stat-not-received" />
      <Figure label="Orders waiting to send from this device" count={count(figures.waitingToSend)} to={filteredListPath(ORDERS, ORDER_FILTERS, { sync: 'waiting' })} tone="warning" testId="figure-orders-waiting" />
      <Figure label="ABNs waiting for the patient's signature" count={count(figures.abnUnsigned)} to={filteredListPath(ORDERS, ORDER_FILTERS, { abn: 'unsigned' })} tone="warning" testId="figure-abn-unsigned" />
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide" pt="1">
        Today
      </Text>
      {TODAY_STATUSES.map((status) => (
        <Figure key={status} label={STATUS_LABELS[status]} count={count(figures.todayByStatus[status])} to={filteredListPath(ORDERS, ORDER_FILTERS, { date: figures.today, status })} testId={`figure-orders-today-${status}`} />
      ))}
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide" pt="1">
        Last 30 days ({monthTotal} {monthTotal === 1 ? 'order' : 'orders'})
      </Text>
      <LineChart points={points} label={`Orders per day over the last 30 days: ${monthTotal} in all`} valueLabel="Orders" height={140} testId="orders-per-day" />
    </FigureCard>
  );
}

/** What the dashboard shows while patient records are locked in this tab: orders open with them. */
export function OrderFiguresLocked() {
  return (
    <FigureCard title="Orders" description="Orders are protected records: they open with your password." testId="dashboard-orders-locked">
      <Text fontSize="sm" color="fg.muted">
        Patient records are locked in this tab, so their orders are not counted here.
      </Text>
      <Button asChild size="sm" variant="outline" alignSelf="flex-start">
        <RouterLink to={ORDERS}>Unlock and open the orders</RouterLink>
      </Button>
    </FigureCard>
  );
}
