/** What a form says about its draft (src/components/form/draft-note.tsx). */
import { formatTimeAgo } from '../format/date.ts';

export const DRAFT_TEXT = {
  saved: 'Draft saved on this device.',
  discard: 'Discard draft',
} as const;

/** The note over a form brought back from its draft. */
export function restoredText(savedAt: number, now: number = Date.now()): string {
  const when = now - savedAt < 45_000 ? 'just now' : formatTimeAgo(savedAt, now);
  return `Restored what you were entering on this device (saved ${when}). Submitting or discarding it ends the draft.`;
}
