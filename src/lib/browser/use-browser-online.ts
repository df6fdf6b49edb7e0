/** Whether the browser says it is online, following its `online` and `offline` events. */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const online = () => navigator.onLine !== false;

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}
