/**
 * A tooltip that costs nothing until the pointer reaches its trigger: list rows carry a
 * few tooltips each, and mounting a tooltip machine for every visible cell on every
 * keystroke of the search would eat the 16 ms budget (ARCHITECTURE.md). The app's Tooltip
 * (same 700/300 ms delays) is mounted on the first pointer contact and opens as the pointer
 * moves on; the triggers carry the same text as an accessible label for keyboard and
 * screen-reader users.
 */
import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { Tooltip } from '../../../components/ui/tooltip.tsx';

interface TriggerProps {
  onPointerEnter?: (event: never) => void;
}

export interface LazyTooltipProps {
  content: ReactNode;
  placement?: 'top' | 'left' | 'right' | 'bottom';
  children: ReactElement<TriggerProps>;
}

export function LazyTooltip({ content, placement = 'top', children }: LazyTooltipProps) {
  const [armed, setArmed] = useState(false);
  if (!armed) return cloneElement(children, { onPointerEnter: () => setArmed(true) });
  return (
    <Tooltip content={content} positioning={{ placement }}>
      {children}
    </Tooltip>
  );
}
