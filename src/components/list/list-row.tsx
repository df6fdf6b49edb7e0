/**
 * The frame of one row of a virtualized list (virtual-table.tsx): an ARIA row placed at its
 * offset, that opens its record on click or Enter and hands the arrow and page keys to the
 * table. The list's own row component renders its cells inside it and is memoized on its
 * props (every visible row re-renders on each keystroke of the search).
 *
 * One tab stop per list, as data grids have (a roving tab index): only the table's current
 * row is in the tab order; the controls inside a row (a verify button, a row menu) are out
 * of it and reached with the arrow keys: Right from the row to its first control and on,
 * Left back, Escape to the row, Up and Down to the rows around.
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ListRowProps<T> {
  row: T;
  index: number;
  /** Offset from the top of the list, in pixels (a number, so unchanged rows skip rendering). */
  top: number;
  /** Whether this row is the list's one tab stop. */
  tabbable: boolean;
  onOpen: (id: string) => void;
  onKeyNavigate: (event: KeyboardEvent<HTMLDivElement>, index: number) => void;
}

export interface ListRowFrameProps {
  id: string;
  index: number;
  top: number;
  tabbable: boolean;
  onOpen: (id: string) => void;
  onKeyNavigate: (event: KeyboardEvent<HTMLDivElement>, index: number) => void;
  /** Names the row's id attribute: `data-<idAttribute>-id` (e.g. data-provider-id). */
  idAttribute: string;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The row's controls in order (the row itself excluded). */
function controlsOf(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element !== row);
}

export function ListRowFrame({ id, index, top, tabbable, onOpen, onKeyNavigate, idAttribute, children }: ListRowFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  // The controls leave the tab order after every render (a reused row may have new ones).
  useLayoutEffect(() => {
    const row = frame.current;
    if (!row) return;
    for (const control of controlsOf(row)) if (control.tabIndex !== -1) control.tabIndex = -1;
  });

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = event.currentTarget;
    const target = event.target as HTMLElement;
    // Keys of a menu or dialog opened from the row (portals) are theirs.
    if (!row.contains(target)) return;
    const controls = controlsOf(row);
    const at = controls.indexOf(target);
    if (event.key === 'ArrowRight' && controls.length > 0) {
      event.preventDefault();
      event.stopPropagation();
      controls[Math.min(at + 1, controls.length - 1)]?.focus();
    } else if (event.key === 'ArrowLeft' && at >= 0) {
      event.preventDefault();
      event.stopPropagation();
      (at === 0 ? row : controls[at - 1])?.focus();
    } else if (at >= 0 && (event.key === 'Escape' || event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      event.stopPropagation();
      if (event.key === 'Escape') row.focus();
      // Up and Down go to the rows around, as from the row itself.
      else onKeyNavigate({ key: event.key, target: row, currentTarget: row, preventDefault: () => undefined } as unknown as KeyboardEvent<HTMLDivElement>, index);
    }
  };

  return (
    <div
      ref={frame}
      role="row"
      aria-rowindex={index + 2}
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      {...{ [`data-${idAttribute}-id`]: id }}
      className="lt-grid lt-row"
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onOpen(id)}
      onKeyDownCapture={onKeyDownCapture}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) {
          event.preventDefault();
          onOpen(id);
          return;
        }
        onKeyNavigate(event, index);
      }}
    >
      {children}
    </div>
  );
}
