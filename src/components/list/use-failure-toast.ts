/** A list's failure toast (spec §8 for providers), once per failure; null when nothing failed. */
import { useEffect, useRef } from 'react';
import type { ToastMessage } from '../../lib/functions/toast-message.ts';
import type { ListFailure } from '../../lib/list/list-source.ts';
import { showToast } from '../show-toast.ts';

export function useFailureToast(failure: ListFailure | null, messageOf: (failure: ListFailure) => ToastMessage): void {
  const shown = useRef<string | null>(null);
  const message = useRef(messageOf);
  message.current = messageOf;
  useEffect(() => {
    if (!failure) {
      shown.current = null;
      return;
    }
    if (shown.current === failure) return;
    shown.current = failure;
    showToast(message.current(failure));
  }, [failure]);
}
