/**
 * One order of the protected database, by id, opened alone and kept current: its page paints
 * (with "Waiting to send" right after Submit) from one document read and opened, instead of
 * waiting for every order and patient to be read and opened (issue 31's 500 ms budget).
 */
import { useEffect, useState } from 'react';
import type { LocalDatabase, OrderDoc } from '../../../db/index.ts';

export interface OneOrder {
  status: 'loading' | 'ready' | 'error';
  order: OrderDoc | null;
}

const LOADING: OneOrder = { status: 'loading', order: null };

export function useOrder(db: LocalDatabase, id: string): OneOrder {
  const [state, setState] = useState<{ key: string; value: OneOrder } | null>(null);
  useEffect(() => {
    const subscription = db.orders.findOne(id).$.subscribe({
      next: (doc) => setState({ key: id, value: { status: 'ready', order: doc ? (doc.toJSON() as OrderDoc) : null } }),
      error: (error: unknown) => {
        console.error('[orders] reading the order failed', error);
        setState({ key: id, value: { status: 'error', order: null } });
      },
    });
    return () => subscription.unsubscribe();
  }, [db, id]);
  return state?.key === id ? state.value : LOADING;
}
