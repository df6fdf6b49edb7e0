/**
 * The list pages' keyboard shortcuts: `/` focuses the search box from anywhere on the page
 * (except while typing in another field), Escape in the box clears it.
 */
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useSlashToFocus(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

/** onKeyDown for the search box: Escape clears it (and keeps the focus there). */
export function escapeClears(value: string, clear: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || value === '') return;
    event.preventDefault();
    clear();
  };
}
