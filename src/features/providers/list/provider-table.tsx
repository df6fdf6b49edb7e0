/**
 * The providers table (spec §2 columns), virtualized with @tanstack/react-virtual so
 * 50,000 rows scroll and filter without rendering more than a screenful (ARCHITECTURE.md
 * decision 8). The page itself scrolls (one scrollbar; the column headings stick under the
 * app header). ARIA table roles keep it a table for assistive technology; rows take the
 * focus, open on Enter, and Up/Down/PageUp/PageDown/Home/End move between them.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ListProvider } from '../data/provider-list-source.ts';
import { PROVIDER_LIST_COLUMNS } from '../model/provider-texts.ts';
import { ProviderRow, ROW_HEIGHT } from './provider-row.tsx';
import './provider-row.css';

export interface ProviderTableProps {
  rows: readonly ListProvider[];
  label: string;
  onOpen: (id: string) => void;
  /** Changes when the search changes: the list scrolls back to the top. */
  resetKey: string;
}

const NAVIGATION_STEP: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };

export function ProviderTable({ rows, label, onOpen, resetKey }: ProviderTableProps) {
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
    estimateSize: () => ROW_HEIGHT,
    // One row beyond the screen on each side: every mounted row re-renders and is laid out
    // again on each keystroke (three a side cost about 1 ms more per keystroke, at p50 and
    // p95), and fixed-height rows scroll in without measuring.
    overscan: 1,
    scrollMargin,
    // Rows are keyed by their slot, not by provider: a keystroke that changes the results
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

  return (
    <div role="table" aria-label={label} aria-rowcount={rows.length + 1} className="pd-table" data-testid="provider-table">
      <ProviderTableHead />
      <div ref={scroller} role="rowgroup" className="pd-rows" style={{ height: virtualizer.getTotalSize() }} data-testid="provider-rows">
        {virtualizer.getVirtualItems().map((item) => {
          const provider = rows[item.index];
          if (!provider) return null;
          return (
            <ProviderRow
              key={item.key}
              provider={provider}
              index={item.index}
              top={item.start - scrollMargin}
              onOpen={onOpen}
              onKeyNavigate={onKeyNavigate}
            />
          );
        })}
      </div>
    </div>
  );
}

/** The column headings (Provider, NPI, Specialty from lg, Status, PECOS, Actions); never re-rendered by a search. */
const ProviderTableHead = memo(function ProviderTableHead() {
  return (
    <div role="rowgroup" className="pd-head">
      <div role="row" aria-rowindex={1} className="pd-grid pd-head-row">
        {PROVIDER_LIST_COLUMNS.map((column) => (
          <p
            key={column}
            role="columnheader"
            className={`pd-text pd-column${column === 'Actions' ? ' pd-column-end' : ''}${column === 'Specialty' ? ' pd-from-lg' : ''}`}
          >
            {column}
          </p>
        ))}
      </div>
    </div>
  );
});
