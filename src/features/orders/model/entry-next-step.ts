/**
 * Where the work of an order continues (issue 46): after a choice in a step (or Enter, the
 * entry's key for "go on"), the focus goes to the next step that still stops the order,
 * passing over the steps already done (by the user or by a default); when nothing after it
 * is missing, to the Submit button, or back to the first step still missing something.
 * When the page opens, the work starts at the first step that stops the order.
 * Pure: the entry page moves the focus where this says.
 */
import { ENTRY_STEPS, type EntryStep } from './order-draft.ts';

/** A step (its first field) or the Submit button. */
export type EntryTarget = EntryStep | 'submit';

const rank = (step: EntryStep) => ENTRY_STEPS.indexOf(step);

/** `after`: the step just left (null: the page just opened). */
export function whereWorkContinues(problems: ReadonlyArray<{ step: EntryStep }>, after: EntryStep | null): EntryTarget {
  const missing = [...new Set(problems.map((problem) => problem.step))].sort((a, b) => rank(a) - rank(b));
  const start = after === null ? -1 : rank(after);
  return missing.find((step) => rank(step) > start) ?? missing[0] ?? 'submit';
}
