/**
 * Where "online", "offline" and "the user came back to this tab" come from: the browser's
 * events by default; tests pass their own switch. Sync and the outbox pause while offline
 * and resync when the connection or the user comes back.
 */

export interface Connectivity {
  isOnline(): boolean;
  /** Calls the listener with the new state on every change; returns an unsubscribe. */
  onChange(listener: (online: boolean) => void): () => void;
  /** Calls the listener when the user returns to the app (focus, tab visible). */
  onReturn(listener: () => void): () => void;
}

/** The browser's online/offline and focus events; in plain Node, always online. */
export function browserConnectivity(): Connectivity {
  const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  return {
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    onChange(listener) {
      if (!hasWindow) return () => {};
      const online = () => listener(true);
      const offline = () => listener(false);
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      };
    },
    onReturn(listener) {
      if (!hasWindow) return () => {};
      const visible = () => {
        if (document.visibilityState === 'visible') listener();
      };
      window.addEventListener('focus', listener);
      document.addEventListener('visibilitychange', visible);
      return () => {
        window.removeEventListener('focus', listener);
        document.removeEventListener('visibilitychange', visible);
      };
    },
  };
}
