/** A labelled list of read-only values (a card's "term: value" rows), as a description list. */
import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

export function DetailList({ items, orientation = 'horizontal' }: { items: DetailItem[]; orientation?: 'horizontal' | 'vertical' }) {
  return (
    <DataList.Root orientation={orientation} size="sm" gap="3">
      {items.map((item) => (
        <DataList.Item key={item.label}>
          <DataList.ItemLabel minW="36">{item.label}</DataList.ItemLabel>
          <DataList.ItemValue minW="0" wordBreak="break-word">
            {item.value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
