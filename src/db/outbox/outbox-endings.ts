/**
 * Tells the user how queued calls ended, whichever page is open: a watcher over a list of
 * outbox items announces each ending (done or failed) it sees happen, once. An item already
 * over when first seen (an earlier visit's) stays quiet; one queued during this visit is
 * announced even if it was over before the watcher saw it running. `describe` turns an
 * item into the announcement (null: nothing to say), `notify` shows it.
 */
import type { OutboxItem } from './outbox-schema.ts';

const isFinal = (item: OutboxItem) => item.state === 'done' || item.state === 'failed';

export function createEndingsWatcher<M>(describe: (item: OutboxItem) => M | null, notify: (message: M) => void) {
  const open = new Set<string>();
  const announced = new Set<string>();
  let first = true;
  return (items: readonly OutboxItem[]) => {
    for (const item of items) {
      if (!isFinal(item)) {
        open.add(item.id);
        continue;
      }
      if ((open.has(item.id) || !first) && !announced.has(item.id)) {
        const message = describe(item);
        if (message) notify(message);
      }
      open.delete(item.id);
      announced.add(item.id);
    }
    first = false;
  };
}
