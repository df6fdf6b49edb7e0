/**
 * The dashboard's order figures (issue 27), counted with the same rules as the order list's
 * filters, so each figure equals the list it opens: today's orders by status (the list's
 * date is the collection date, else the day it was entered, as a UTC calendar day), STAT
 * orders sent but not yet received by the laboratory, orders waiting to send from this
 * device, ABNs waiting for a signature, and the orders of each of the last 30 days.
 */
import { abnAwaitsSignature } from './order-list.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-texts.ts';

export interface FigureOrder {
  status: string;
  priority: string;
  collected_at: string | null;
  created_at: string;
  local_dirty: boolean;
  abn: unknown;
}

export interface OrderFigures {
  today: string;
  todayByStatus: Record<OrderStatus, number>;
  statNotReceived: number;
  waitingToSend: number;
  abnUnsigned: number;
  /** Oldest first: the last `days` calendar days ending today, with their order counts. */
  perDay: Array<{ day: string; count: number }>;
}

export function orderDay(order: Pick<FigureOrder, 'collected_at' | 'created_at'>): string {
  return (order.collected_at ?? order.created_at).slice(0, 10);
}

export function orderFigures(orders: readonly FigureOrder[], now: Date, days = 30): OrderFigures {
  const today = now.toISOString().slice(0, 10);
  const todayByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  const perDay = Array.from({ length: days }, (_, index) => {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1 - index)));
    return { day: day.toISOString().slice(0, 10), count: 0 };
  });
  const dayIndex = new Map(perDay.map((entry, index) => [entry.day, index]));
  let statNotReceived = 0;
  let waitingToSend = 0;
  let abnUnsigned = 0;
  for (const order of orders) {
    const day = orderDay(order);
    if (day === today && order.status in todayByStatus) todayByStatus[order.status as OrderStatus] += 1;
    const index = dayIndex.get(day);
    if (index !== undefined && order.status !== 'cancelled') perDay[index]!.count += 1;
    if (order.priority === 'stat' && order.status === 'submitted') statNotReceived += 1;
    if (order.local_dirty) waitingToSend += 1;
    if (order.status !== 'cancelled' && abnAwaitsSignature(order.abn)) abnUnsigned += 1;
  }
  return { today, todayByStatus, statNotReceived, waitingToSend, abnUnsigned, perDay };
}
