/**
 * The frame of one row of a virtualized list (virtual-table.tsx): an ARIA row placed at its
 * offset, that takes the focus, opens its record on click or Enter and hands the arrow and
 * page keys to the table. The list's own row component renders its cells inside it and is
 * memoized on its props (every visible row re-renders on each keystroke of the search).
 */
import type { KeyboardEvent, ReactNode } from 'react';

export interface ListRowProps<T> {
  row: T;
  index: number;
  /** Offset from the top of the list, in pixels (a number, so unchanged rows skip rendering). */
  top: number;
  onOpen: (id: string) => void;
  onKeyNavigate: (event: KeyboardEvent<HTMLDivElement>, index: number) => void;
}

export interface ListRowFrameProps {
  id: string;
  index: number;
  top: number;
  onOpen: (id: string) => void;
  onKeyNavigate: (event: KeyboardEvent<HTMLDivElement>, index: number) => void;
  /** Names the row's id attribute: `data-<idAttribute>-id` (e.g. data-provider-id). */
  idAttribute: string;
  children: ReactNode;
}

export function ListRowFrame({ id, index, top, onOpen, onKeyNavigate, idAttribute, children }: ListRowFrameProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      tabIndex={0}
      data-index={index}
      {...{ [`data-${idAttribute}-id`]: id }}
      className="lt-grid lt-row"
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onOpen(id)}
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
