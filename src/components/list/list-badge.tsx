/** A badge in a list row or a page header: plain markup with static rules (list-badge.css). */
import type { ReactNode } from 'react';
import './list-badge.css';

export type BadgeTone = 'green' | 'gray' | 'orange' | 'blue' | 'purple' | 'red';

export function ListBadge({ tone, children, label }: { tone: BadgeTone; children: ReactNode; label?: string }) {
  return (
    <span className="lt-badge" data-tone={tone} aria-label={label}>
      {children}
    </span>
  );
}
