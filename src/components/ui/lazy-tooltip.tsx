/**
 * A tooltip that costs nothing until the pointer reaches its trigger: neither its code (the
 * tooltip machine and its positioning, loaded then, so no page's first paint waits for it;
 * ARCHITECTURE.md budgets) nor its work (list rows carry a few tooltips each, and mounting
 * a tooltip machine for every visible cell on every keystroke of the search would eat the
 * 16 ms budget). The app's Tooltip (same 700/300 ms delays) is mounted on the first pointer
 * contact and opens as the pointer moves on; the triggers carry the same text as an
 * accessible label for keyboard and screen-reader users.
 */
import { cloneElement, lazy, Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { importWhenReachable } from '../../lib/browser/import-when-reachable.ts';

/** The tooltip's code: requested when the browser is idle after the first paint (the shell), or at the first pointer contact. */
export const loadTooltip = () => import('./tooltip.tsx');

// On every page: waits for the connection if its code cannot be fetched yet (the hint appears then).
const Tooltip = lazy(() => importWhenReachable(loadTooltip).then((module) => ({ default: module.Tooltip })));

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
    // While its code arrives (from the cache: a moment), the trigger stays as it was.
    <Suspense fallback={children}>
      <Tooltip content={content} positioning={{ placement }}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
