/**
 * An order's draft on the device (src/lib/drafts): which orders are worth keeping (one the
 * user has started; the collection time alone is the form's own default), and how a kept
 * one is read back, field by field, so that a draft written by an earlier version of the
 * form, or a damaged one, never breaks the entry page.
 */
import { isUntouched } from '../../../lib/drafts/untouched.ts';
import { emptyDraft, type OrderDraft } from './order-draft.ts';

/** Nothing entered yet (the collection time is prefilled, not entered). */
export function isUntouchedOrder(draft: OrderDraft): boolean {
  return isUntouched({ ...draft, collectedAt: '' }, { ...emptyDraft(), collectedAt: '' });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kept draft over the empty one, each field only when it has the empty one's shape; null when nothing usable is left. */
export function reviveOrderDraft(stored: unknown, initial: OrderDraft): OrderDraft | null {
  if (!isObject(stored)) return null;
  const revived: Record<string, unknown> = { ...initial };
  for (const [name, empty] of Object.entries(initial)) {
    const value = stored[name];
    if (value === undefined) continue;
    const sameShape =
      Array.isArray(empty) ? Array.isArray(value) : isObject(empty) ? isObject(value) : empty === null ? true : typeof value === typeof empty;
    if (sameShape) revived[name] = value;
  }
  return revived as unknown as OrderDraft;
}
