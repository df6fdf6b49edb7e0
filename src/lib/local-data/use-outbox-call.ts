/**
 * Follows one queued outbox call from the page that queued it: online, the call usually
 * ends while the user waits (done or refused, with the server's reason); offline, or after
 * a failed attempt that will be retried, it is left to the outbox and the page moves on.
 * `follow(id)` starts following; the callbacks fire once per item.
 */
import { useEffect, useRef, useState } from 'react';
import { watchOutboxItem, type OutboxItem } from '../../db/index.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { useLocalDatabase } from './use-local-database.ts';

export interface OutboxCallHandlers {
  done(item: OutboxItem): void;
  failed(item: OutboxItem): void;
  /** The call waits for a connection (or for its next attempt): it will run later. */
  waiting(item: OutboxItem): void;
}

export function useOutboxCall(handlers: OutboxCallHandlers): { follow: (id: string) => void; busy: boolean } {
  const db = useLocalDatabase();
  const [itemId, setItemId] = useState<string | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!db || !itemId) return undefined;
    const subscription = watchOutboxItem(db, itemId).subscribe((item) => {
      if (!item) return;
      const sync = useSyncStore.getState();
      const offline = !sync.online || sync.pauseReason !== null;
      const settle = (callback: (item: OutboxItem) => void) => {
        setItemId(null);
        callback(item);
      };
      if (item.state === 'done') settle(latest.current.done);
      else if (item.state === 'failed') settle(latest.current.failed);
      else if (item.state === 'queued' && (item.attempts > 0 || offline)) settle(latest.current.waiting);
    });
    return () => subscription.unsubscribe();
  }, [db, itemId]);

  return { follow: setItemId, busy: itemId !== null };
}
