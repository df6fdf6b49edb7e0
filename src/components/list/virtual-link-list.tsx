/**
 * A virtualized list whose rows are links (the protected lists: patients, orders), so
 * 100,000 rows scroll and filter with only a screenful rendered. Each row is a link to its
 * record: Tab and Enter (and a screen reader's list of links) reach it like any link, the
 * focus is visible, and Up/Down/PageUp/PageDown/Home/End move between rows as in the
 * directory's table (virtual-table.tsx). The list scrolls in its own box under the search
 * card; a new search (resetKey) starts at the top. A list gives its column headings (with
 * the flex share of each) and a memoized component for a row's cells; a control of its own
 * (the results' selection checkbox) goes before the link, never inside it (`Leading`).
 * Rows and cells are plain elements with static rules (link-list.css: `ll-cell`, `ll-from-md`,
 * and list-table.css's text rules), as in the directory's table: every visible row renders on
 * each keystroke of the search.
 */
import { Box, Card, HStack, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import './link-list.css';
import type { LinkListColumn } from './link-list-columns.ts';

export type { LinkListColumn } from './link-list-columns.ts';

export interface VirtualLinkListProps<T extends { id: string }> {
  rows: readonly T[];
  /** The list's accessible name (the page title). */
  label: string;
  columns: readonly LinkListColumn[];
  /** Where a row leads. */
  href: (row: T) => string;
  /** A row's cells (memoize it: the visible rows re-render on each keystroke). */
  Cells: ComponentType<{ row: T }>;
  /** Test id of every row (e.g. 'patient-row'). */
  rowTestId: string;
  /** Changes when the search or a filter changes: the list scrolls back to the top. */
  resetKey?: string;
  rowHeight?: number;
  /** A control before each row's link (memoized), and the one above them (e.g. select all). */
  Leading?: ComponentType<{ row: T }>;
  leadingHeading?: ReactNode;
}

/** The width of the leading controls' column. */
const LEADING_WIDTH = '10';

const NAVIGATION_STEP: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };

export function VirtualLinkList<T extends { id: string }>({ rows, label, columns, href, Cells, rowTestId, resetKey, rowHeight = 64, Leading, leadingHeading }: VirtualLinkListProps<T>) {
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => rowHeight, overscan: 4 });

  useEffect(() => {
    if (parent.current && parent.current.scrollTop > 0) parent.current.scrollTop = 0;
  }, [resetKey]);

  // Read by the key handler, which stays the same function.
  const count = useRef(rows.length);
  useEffect(() => {
    count.current = rows.length;
  }, [rows.length]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const from = Number((event.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index'));
      if (Number.isNaN(from)) return;
      const step = NAVIGATION_STEP[event.key];
      const target = step !== undefined ? from + step : event.key === 'Home' ? 0 : event.key === 'End' ? count.current - 1 : null;
      if (target === null) return;
      event.preventDefault();
      const index = Math.max(0, Math.min(count.current - 1, target));
      virtualizer.scrollToIndex(index, { align: 'auto' });
      // The row may only exist once the virtualizer has rendered it.
      const focus = (tries: number) => {
        const link = parent.current?.querySelector<HTMLElement>(`[data-index="${index}"] a`);
        if (link) link.focus({ preventScroll: true });
        else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
      };
      focus(5);
    },
    [virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  return (
    <Card.Root variant="outline" bg="bg.panel" overflow="hidden">
      <HStack gap="0" borderBottomWidth="1px">
        {Leading && (
          <Box w={LEADING_WIDTH} pl="4" flexShrink="0">
            {leadingHeading}
          </Box>
        )}
        <ColumnHeadings columns={columns} />
      </HStack>
      <Box ref={parent} maxH="max(320px, calc(100vh - 340px))" overflowY="auto" role="list" aria-label={label} onKeyDown={onKeyDown}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index];
            return row ? <LinkRow key={row.id} row={row} index={item.index} top={item.start} height={rowHeight} href={href} Cells={Cells} Leading={Leading} testId={rowTestId} /> : null;
          })}
        </div>
      </Box>
    </Card.Root>
  );
}

interface LinkRowProps<T> {
  row: T;
  index: number;
  /** Offset from the top of the list (a number, so a row that stays in place skips rendering). */
  top: number;
  height: number;
  href: (row: T) => string;
  Cells: ComponentType<{ row: T }>;
  Leading?: ComponentType<{ row: T }>;
  testId: string;
}

/** One row: plain elements with static rules (link-list.css), memoized on its props. */
const LinkRow = memo(function LinkRow<T>({ row, index, top, height, href, Cells, Leading, testId }: LinkRowProps<T>) {
  return (
    <div role="listitem" data-index={index} data-testid={testId} className="ll-row" style={{ height, transform: `translateY(${top}px)` }}>
      {Leading && (
        <div className="ll-leading">
          <Leading row={row} />
        </div>
      )}
      <RouterLink to={href(row)} className="ll-link">
        <Cells row={row} />
      </RouterLink>
    </div>
  );
}) as <T>(props: LinkRowProps<T>) => ReactNode;

/** The column headings (hidden from assistive technology: each link names its record). */
const ColumnHeadings = memo(function ColumnHeadings({ columns }: { columns: readonly LinkListColumn[] }) {
  return (
    <HStack flex="1" minW="0" px="4" py="2" gap="4" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" aria-hidden>
      {columns.map((column) => (
        <Text key={column.label} flex={column.flex} display={column.fromLg ? { base: 'none', lg: 'block' } : column.fromMd ? { base: 'none', md: 'block' } : undefined}>
          {column.label}
        </Text>
      ))}
    </HStack>
  );
});
