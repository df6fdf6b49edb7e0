/**
 * An order's status as the lists show it: the status, STAT, and "Waiting to send" while it
 * is only on this device. Plain badges (list-badge.tsx): the order list renders them in every
 * visible row on each keystroke of its search.
 */
import { ListBadge } from '../../../components/list/list-badge.tsx';
import { ORDER_TEXT, STATUS_LABELS, STATUS_PALETTE, type OrderStatus } from '../model/order-texts.ts';
import '../../../components/list/link-list.css';

export function OrderStatusBadges({ status, priority, waiting }: { status: string; priority: string; waiting: boolean }) {
  return (
    <span className="ll-badges">
      <ListBadge tone={STATUS_PALETTE[status as OrderStatus] ?? 'gray'}>{STATUS_LABELS[status as OrderStatus] ?? status}</ListBadge>
      {priority === 'stat' && <ListBadge tone="red">STAT</ListBadge>}
      {waiting && <ListBadge tone="orange">{ORDER_TEXT.waitingToSend}</ListBadge>}
    </span>
  );
}
