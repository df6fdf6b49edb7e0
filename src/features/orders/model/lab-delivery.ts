/**
 * The order's way to the laboratory (issue 32) as staff read it: the server writes
 * `lis_delivery` (state, control ID, attempts, last error, next attempt, the laboratory's
 * answer) and `lis_error` (the laboratory's text when it refused the order); this turns
 * them into one line and a tone, says when "Resend to laboratory" applies (an admin, a
 * submitted order the laboratory refused), and picks the refused orders for the dashboard.
 */
import type { OrderDoc } from '../../../db/index.ts';
import { formatDetailDateTime } from '../../../lib/format/date.ts';

export interface LabDelivery {
  state: string;
  control_id?: string | null;
  version?: number | null;
  attempts?: number | null;
  last_error?: string | null;
  next_attempt_at?: string | null;
  ack_code?: string | null;
  ack_text?: string | null;
  acked_at?: string | null;
}

export type DeliveryTone = 'info' | 'success' | 'warning' | 'error';

export interface DeliveryView {
  text: string;
  tone: DeliveryTone;
}

type DeliveryOrder = Pick<OrderDoc, 'status' | 'lis_delivery' | 'lis_error' | 'local_dirty'>;

export function labDelivery(order: Pick<OrderDoc, 'lis_delivery'>): LabDelivery | null {
  const value = order.lis_delivery as unknown;
  return value && typeof value === 'object' && typeof (value as LabDelivery).state === 'string' ? (value as LabDelivery) : null;
}

/** " on <date and time>", or nothing without a time. */
function on(iso: string | null | undefined): string {
  return iso ? ` on ${formatDetailDateTime(iso)}` : '';
}

/** What the order page says about the delivery; null when there is nothing to say (a draft). */
export function deliveryView(order: DeliveryOrder): DeliveryView | null {
  if (order.lis_error) return { text: `The laboratory refused this order: ${order.lis_error}`, tone: 'error' };
  const delivery = labDelivery(order);
  if (!delivery) {
    if (order.status === 'submitted') {
      return order.local_dirty
        ? { text: 'Waiting to send: the order leaves this device when it is online.', tone: 'info' }
        : { text: 'On the server, waiting to go to the laboratory.', tone: 'info' };
    }
    return null;
  }
  const attempts = delivery.attempts ?? 0;
  switch (delivery.state) {
    case 'queued':
      return { text: 'On the server, waiting to go to the laboratory.', tone: 'info' };
    case 'retrying':
    case 'cancel_retrying':
      return {
        text: `The laboratory has not answered yet (${attempts} attempt${attempts === 1 ? '' : 's'}: ${delivery.last_error ?? 'no answer'}). Next attempt ${delivery.next_attempt_at ? `at ${formatDetailDateTime(delivery.next_attempt_at)}` : 'soon'}.`,
        tone: 'warning',
      };
    case 'received':
      return { text: `Received by the laboratory${on(delivery.acked_at)} (message ${delivery.control_id ?? ''}).`, tone: 'success' };
    case 'withdrawn':
      return { text: 'Cancelled before it was sent: the laboratory never had it.', tone: 'info' };
    case 'cancel_queued':
      return { text: 'The cancellation is on its way to the laboratory.', tone: 'info' };
    case 'cancelled':
      return { text: `The laboratory cancelled the order${on(delivery.acked_at)}.`, tone: 'success' };
    case 'cancel_refused':
      return { text: `The laboratory refused the cancellation: ${delivery.ack_text ?? delivery.last_error ?? ''}`, tone: 'error' };
    default:
      return null;
  }
}

/** "Resend to laboratory": an admin, on a submitted order the laboratory refused (the server checks both). */
export function canResend(order: Pick<OrderDoc, 'status' | 'lis_error'>, isAdmin: boolean): boolean {
  return isAdmin && order.status === 'submitted' && Boolean(order.lis_error);
}

/** Submitted orders the laboratory refused, newest first: the dashboard's attention list. */
export function refusedOrders<T extends Pick<OrderDoc, 'status' | 'lis_error' | 'submitted_at' | 'created_at'>>(orders: readonly T[]): T[] {
  return orders
    .filter((order) => order.status === 'submitted' && Boolean(order.lis_error))
    .sort((a, b) => (b.submitted_at ?? b.created_at).localeCompare(a.submitted_at ?? a.created_at));
}
