/** An order's status as the lists show it: the status, STAT, and "Waiting to send" while it is only on this device. */
import { Badge, HStack } from '@chakra-ui/react';
import { ORDER_TEXT, STATUS_LABELS, STATUS_PALETTE, type OrderStatus } from '../model/order-texts.ts';

export function OrderStatusBadges({ status, priority, waiting }: { status: string; priority: string; waiting: boolean }) {
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={STATUS_PALETTE[status as OrderStatus] ?? 'gray'} variant="subtle">
        {STATUS_LABELS[status as OrderStatus] ?? status}
      </Badge>
      {priority === 'stat' && <Badge colorPalette="red">STAT</Badge>}
      {waiting && <Badge colorPalette="orange">{ORDER_TEXT.waitingToSend}</Badge>}
    </HStack>
  );
}
