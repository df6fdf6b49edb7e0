/**
 * Focus goes where the work continues (issue 46): after a move to another page through the
 * navigation, the header or a record that is gone (a row opened), the new page's heading
 * takes the focus, so the keyboard and screen readers start at the page, not back in the
 * sidebar or at the top of the document. A page that put the focus somewhere itself (a
 * field, a tab it keeps) keeps it: only a focus outside the page's <main> is moved. Pages
 * load lazily, so the heading is waited for (a few seconds at most), and so is the closing
 * of the navigation drawer the move was made from (its focus trap would take the focus back).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

const WAIT_FOR_HEADING_MS = 5_000;
const LOOK_EVERY_MS = 50;

/** Whether the focus is somewhere the new page should take it from. */
export function focusIsOutside(main: HTMLElement, active: Element | null): boolean {
  return !active || active === active.ownerDocument.body || !main.contains(active);
}

/** Focuses the page's heading when it is there and nothing holds the focus; true when done. */
function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (main.ownerDocument.activeElement?.closest('[role="dialog"]')) return false;
  if (focusIsOutside(main, main.ownerDocument.activeElement)) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
  return true;
}

export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first page of a load starts at the top, as every page load does.
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const element = main.current;
    if (!element) return undefined;
    const started = Date.now();
    const look = setInterval(() => {
      if (focusHeading(element) || Date.now() - started > WAIT_FOR_HEADING_MS) clearInterval(look);
    }, LOOK_EVERY_MS);
    return () => clearInterval(look);
  }, [pathname, main]);
}
