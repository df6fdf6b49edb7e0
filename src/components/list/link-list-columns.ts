/**
 * A link list's columns, named once: the headings (in order) and each cell's style come from
 * the same entry, so a column's share of the width cannot differ between its heading and its
 * cells. The styles are made once, not per render (every visible row renders per keystroke).
 */
import type { CSSProperties } from 'react';

export interface LinkListColumn {
  label: string;
  /** Its share of the row's width (the cells use the same). */
  flex: number;
  /** Shown from the md breakpoint only. */
  fromMd?: boolean;
  /** Shown from the lg breakpoint only (on a tablet its content goes on a second line elsewhere). */
  fromLg?: boolean;
}

export interface LinkListColumns<K extends string> {
  /** The headings, in the order the columns were named. */
  list: readonly LinkListColumn[];
  /** The style of each column's cells. */
  style: Readonly<Record<K, CSSProperties>>;
}

export function defineColumns<K extends string>(columns: Record<K, LinkListColumn>): LinkListColumns<K> {
  const entries = Object.entries(columns) as Array<[K, LinkListColumn]>;
  return {
    list: Object.freeze(entries.map(([, column]) => column)),
    style: Object.freeze(Object.fromEntries(entries.map(([key, column]) => [key, Object.freeze({ flex: column.flex })])) as Record<K, CSSProperties>),
  };
}
