/**
 * Every list's table, virtualized with @tanstack/react-virtual so 50,000 rows scroll and
 * filter without rendering more than a screenful (ARCHITECTURE.md decision 8). The page
 * itself scrolls (one scrollbar; the column headings stick under the app header). ARIA
 * table roles keep it a table for assistive technology; rows take the focus, open on
 * Enter, and Up/Down/PageUp/PageDown/Home/End move between them. The table is one tab
 * stop (a roving tab index): the row last focused, or the first row shown when that one
 * has scrolled away; a row's controls are reached with the arrow keys (list-row.tsx). A
 * list gives its columns, their widths and a memoized row component.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type CSSProperties, type FocusEvent, type KeyboardEvent } from 'react';
import type { ListRowProps } from './list-row.tsx';
import './list-table.css';

export interface ListColumn {
  label: string;
  /** Right-aligned (actions, counts). */
  end?: boolean;
  /** Shown from the lg breakpoint only. */
  fromLg?: boolean;
  /** Named for assistive technology only (a narrow column of row menus). */
  hiddenLabel?: boolean;
}

export interface VirtualTableProps<T extends { id: string }> {
  rows: readonly T[];
  /** The table's accessible name (the page title). */
  label: string;
  columns: readonly ListColumn[];
  /** grid-template-columns below lg, and from lg (default: the same). */
  grid: { base: string; lg?: string };
  Row: ComponentType<ListRowProps<T>>;
  onOpen: (id: string) => void;
  /** Changes when the search changes: the list scrolls back to the top. */
  resetKey: string;
  /** Test ids `<testId>-table` and `<testId>-rows`. */
  testId: string;
  rowHeight?: number;
  /** Called when the rows shown come near the end (a list paged from the server loads more). */
  onEndReached?: () => void;
}

/** Ask for more rows once the last rows shown are this close to the end. */
const END_MARGIN_ROWS = 30;

const NAVIGATION_STEP: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };

export const DEFAULT_ROW_HEIGHT = 60;

export function VirtualTable<T extends { id: string }>({ rows, label, columns, grid, Row, onOpen, resetKey, testId, rowHeight = DEFAULT_ROW_HEIGHT, onEndReached }: VirtualTableProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // Where the rows start on the page: the virtualizer works in page coordinates.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    // One row beyond the screen on each side: every mounted row re-renders and is laid out
    // again on each keystroke (three a side cost about 1 ms more per keystroke, at p50 and
    // p95), and fixed-height rows scroll in without measuring.
    overscan: 1,
    scrollMargin,
    // Rows are keyed by their slot, not by record: a keystroke that changes the results
    // updates the mounted rows (a screenful) in place instead of unmounting and mounting
    // them all (the search budget, ARCHITECTURE.md). Every row has the same height, so no
    // size is cached per key.
    getItemKey: (index) => index,
  });

  // A new search starts at the top of the list (if the page had scrolled past it).
  // Whether the page is scrolled, kept from scroll events: reading scrollY or the layout
  // right after a keystroke's render forces a synchronous layout (the search budget).
  const scrolled = useRef(false);
  useEffect(() => {
    const onScroll = () => {
      scrolled.current = window.scrollY > 0;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    if (!scrolled.current) return;
    const top = scroller.current ? scroller.current.getBoundingClientRect().top + window.scrollY - 200 : 0;
    if (window.scrollY > top) window.scrollTo({ top: Math.max(0, top) });
  }, [resetKey]);

  // Read by the key handlers, which stay the same functions so unchanged rows skip rendering.
  const count = useRef(rows.length);
  useEffect(() => {
    count.current = rows.length;
  }, [rows.length]);

  const focusRow = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(count.current - 1, index));
      virtualizer.scrollToIndex(target, { align: 'auto' });
      // The row may only exist after the virtualizer has rendered it.
      const focus = (tries: number) => {
        const element = scroller.current?.querySelector<HTMLElement>(`[data-index="${target}"]`);
        if (element) element.focus({ preventScroll: true });
        else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
      };
      focus(5);
    },
    [virtualizer],
  );

  const onKeyNavigate = useCallback(
    (event: KeyboardEvent<HTMLDivElement>, index: number) => {
      if (event.target !== event.currentTarget) return;
      const step = NAVIGATION_STEP[event.key];
      if (step !== undefined) {
        event.preventDefault();
        focusRow(index + step);
      } else if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault();
        focusRow(event.key === 'Home' ? 0 : count.current - 1);
      }
    },
    [focusRow],
  );

  // The one row in the tab order: the one focused last, while it is rendered.
  const [current, setCurrent] = useState(0);
  useEffect(() => setCurrent(0), [resetKey]);
  const onFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const index = row ? Number(row.dataset.index) : Number.NaN;
    if (!Number.isNaN(index)) setCurrent(index);
  }, []);

  const items = virtualizer.getVirtualItems();
  const rendered = (index: number) => items.some((item) => item.index === index);
  const tabStop = rendered(current) ? current : (items[0]?.index ?? -1);
  const lastShown = items.length > 0 ? (items[items.length - 1]?.index ?? -1) : -1;
  useEffect(() => {
    if (onEndReached && rows.length > 0 && lastShown >= rows.length - END_MARGIN_ROWS) onEndReached();
  }, [onEndReached, lastShown, rows.length]);

  const style = useMemo(
    () => ({ '--lt-columns': grid.base, '--lt-columns-lg': grid.lg ?? grid.base, '--lt-row-height': `${rowHeight}px` }) as CSSProperties,
    [grid.base, grid.lg, rowHeight],
  );

  return (
    <div role="table" aria-label={label} aria-rowcount={rows.length + 1} className="lt-table" style={style} data-testid={`${testId}-table`}>
      <TableHead columns={columns} />
      <div ref={scroller} role="rowgroup" className="lt-rows" style={{ height: virtualizer.getTotalSize() }} data-testid={`${testId}-rows`} onFocus={onFocus}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return <Row key={item.key} row={row} index={item.index} top={item.start - scrollMargin} tabbable={item.index === tabStop} onOpen={onOpen} onKeyNavigate={onKeyNavigate} />;
        })}
      </div>
    </div>
  );
}

/** The column headings; never re-rendered by a search (the columns are a constant of the list). */
const TableHead = memo(function TableHead({ columns }: { columns: readonly ListColumn[] }) {
  return (
    <div role="rowgroup" className="lt-head">
      <div role="row" aria-rowindex={1} className="lt-grid lt-head-row">
        {columns.map((column) => (
          <p key={column.label} role="columnheader" className={`lt-column${column.end ? ' lt-end' : ''}${column.fromLg ? ' lt-from-lg' : ''}`}>
            {column.hiddenLabel ? <span className="lt-sr-only">{column.label}</span> : column.label}
          </p>
        ))}
      </div>
    </div>
  );
});
