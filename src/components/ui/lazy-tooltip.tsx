/**
 * A tooltip that costs nothing until the pointer rests on its trigger: neither its code (the
 * tooltip machine and its positioning, loaded then, so no page's first paint waits for it;
 * ARCHITECTURE.md budgets) nor its work (list rows carry a few tooltips each, and mounting
 * a tooltip machine for every visible cell on every keystroke of the search would eat the
 * 16 ms budget). The app's Tooltip (same 700/300 ms delays) is mounted at the first pointer
 * contact and opens as the pointer moves on; the triggers carry the same text as an
 * accessible label for keyboard and screen-reader users.
 *
 * Mounting the tooltip re-creates the trigger's element. Done while a button is pressed, the
 * press and the release land on two different elements and the click is lost (or reaches
 * the row behind it). So the swap happens once, in the pointer's own event when the code is
 * already here (it is preloaded when the browser is idle), and otherwise when the code
 * arrives only if the pointer is still there and has not pressed: never a Suspense fallback
 * swapped for the tooltip at an arbitrary moment.
 */
import { cloneElement, useRef, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { importWhenReachable } from '../../lib/browser/import-when-reachable.ts';
import type { TooltipProps } from './tooltip.tsx';

const loadTooltip = () => import('./tooltip.tsx');

let loadedTooltip: ComponentType<TooltipProps> | null = null;
let loadingTooltip: Promise<ComponentType<TooltipProps>> | null = null;

/**
 * The tooltip's code: requested when the browser is idle after the first paint (the shell),
 * or at the first pointer contact; it waits for the connection if it cannot be fetched yet.
 */
export function preloadTooltip(): Promise<ComponentType<TooltipProps>> {
  loadingTooltip ??= importWhenReachable(loadTooltip).then((module) => (loadedTooltip = module.Tooltip));
  return loadingTooltip;
}

interface TriggerProps {
  onPointerEnter?: (event: never) => void;
  onPointerLeave?: (event: never) => void;
  onPointerDown?: (event: never) => void;
}

export interface LazyTooltipProps {
  content: ReactNode;
  placement?: 'top' | 'left' | 'right' | 'bottom';
  children: ReactElement<TriggerProps>;
}

export function LazyTooltip({ content, placement = 'top', children }: LazyTooltipProps) {
  const [Tooltip, setTooltip] = useState<ComponentType<TooltipProps> | null>(null);
  const resting = useRef(false);

  if (Tooltip) {
    return (
      <Tooltip content={content} positioning={{ placement }}>
        {children}
      </Tooltip>
    );
  }

  const stopWaiting = () => {
    resting.current = false;
  };
  return cloneElement(children, {
    onPointerEnter: () => {
      if (loadedTooltip) {
        setTooltip(() => loadedTooltip);
        return;
      }
      resting.current = true;
      void preloadTooltip().then((component) => {
        if (resting.current) setTooltip(() => component);
      });
    },
    onPointerLeave: stopWaiting,
    // A press means the pointer came to act, not to read: no swap under it.
    onPointerDown: stopWaiting,
  });
}
