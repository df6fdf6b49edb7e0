/**
 * A form's draft for React (src/db/drafts, draft-keeper.ts): reads the draft this user left
 * in this form on this device, then keeps the form's value as it changes. The form renders
 * once the read is done (`status`), starting from the draft (`value`, `restoredAt`) or from
 * its empty value; it calls `keep` with every new value and `end` when it is submitted or
 * discarded. The pending write goes out at once when the page is hidden, and before the app
 * reloads itself (safe-reload.ts). A form that may name a patient passes its open protected
 * database (`sealedBy`): the draft is sealed with its key.
 *
 * Forms use this hook and keep their own layout: a form's draft is whatever value the form
 * holds (an order's OrderDraft, a react-hook-form's values).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LocalDatabase } from '../../db/index.ts';
import { beforeReload } from '../browser/safe-reload.ts';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { DraftKeeper } from './draft-keeper.ts';

const loadDataLayer = () => import('../../db/index.ts');

export interface DraftOptions<T> {
  /** Names the form, e.g. 'order-entry'. */
  form: string;
  /** The edited record's id ('new' for a form that creates one). */
  record?: string;
  /** The open protected database whose key seals the draft (a form that may name a patient); absent: kept as JSON. */
  sealedBy?: LocalDatabase;
  /** The form's value when there is no draft. */
  initial: () => T;
  /** The untouched form: nothing worth keeping. */
  isEmpty?: (value: T) => boolean;
  /** Turns what was stored (perhaps by an older version of the form) into a value, or null to drop it. */
  revive?: (stored: unknown, initial: T) => T | null;
}

export interface FormDraft<T> {
  status: 'loading' | 'ready';
  /** Where the form starts: the restored draft, or `initial()`. */
  value: T;
  /** When the restored draft was last saved (null: the form starts empty). */
  restoredAt: number | null;
  /** When the draft on the device was last written (null: none is). */
  savedAt: number | null;
  keep(value: T): void;
  /** Submitted or discarded: the draft goes (the same input does not bring it back). */
  end(current?: T): Promise<void>;
}

interface Loaded<T> {
  key: string;
  value: T;
  restoredAt: number | null;
  keeper: DraftKeeper<T>;
}

export function useDraft<T>(options: DraftOptions<T>): FormDraft<T> {
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const record = options.record ?? 'new';
  const key = `${userId}|${options.form}|${record}`;
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const { sealedBy, form } = options;

  useEffect(() => {
    if (!userId) return undefined;
    let stopped = false;
    let keeper: DraftKeeper<T> | null = null;
    void (async () => {
      const { initial, isEmpty, revive } = latest.current;
      const empty = initial();
      const address = { userId, form, record };
      let value = empty;
      let restoredAt: number | null = null;
      let seal = null;
      let store = null;
      try {
        const data = await loadDataLayer();
        store = data.drafts();
        seal = sealedBy ? data.protectedDraftSeal(sealedBy) : null;
        const stored = await store.read<unknown>(address, seal);
        const revived = stored ? (revive ? revive(stored.value, empty) : (stored.value as T)) : null;
        if (stored && revived !== null && !isEmpty?.(revived)) {
          value = revived;
          restoredAt = stored.savedAt;
        }
      } catch (error) {
        console.error('[drafts] the draft could not be read', error);
      }
      if (stopped) return;
      const writes = store ?? { save: () => Promise.reject(new Error('No draft store')), discard: () => Promise.resolve() };
      keeper = new DraftKeeper<T>({
        address,
        store: writes,
        seal,
        isEmpty,
        restored: restoredAt === null ? undefined : value,
        onSaved: (at) => {
          if (!stopped) setSavedAt(at);
        },
      });
      setSavedAt(restoredAt);
      setLoaded({ key, value, restoredAt, keeper });
    })();
    return () => {
      stopped = true;
      void keeper?.flush();
    };
  }, [key, userId, form, record, sealedBy]);

  const current = loaded?.key === key ? loaded : null;
  const keeper = current?.keeper ?? null;

  // The pending write goes out when the page is hidden (a tablet closing the tab) or reloads.
  useEffect(() => {
    if (!keeper) return undefined;
    const flush = () => void keeper.flush();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    const removeFlush = beforeReload(() => keeper.flush());
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      removeFlush();
    };
  }, [keeper]);

  const keep = useCallback((value: T) => keeper?.keep(value), [keeper]);
  const end = useCallback(
    (value?: T) => {
      // The form no longer shows a restored draft.
      setLoaded((previous) => (previous && previous.restoredAt !== null ? { ...previous, restoredAt: null } : previous));
      return keeper?.end(value) ?? Promise.resolve();
    },
    [keeper],
  );

  if (!current) return { status: 'loading', value: options.initial(), restoredAt: null, savedAt: null, keep, end };
  return { status: 'ready', value: current.value, restoredAt: current.restoredAt, savedAt, keep, end };
}
