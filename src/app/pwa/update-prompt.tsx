/**
 * The service worker's registration and the "new version" prompt. With `registerType:
 * 'prompt'` a new build waits until the user agrees to reload (a reload mid-edit would be
 * rude on a shared clinic workstation); the app also checks for a new build every hour.
 */
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { dismissToast, toast } from '../../components/ui/toaster.tsx';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const UPDATE_TOAST_ID = 'pwa-update';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.error('[pwa] service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    toast({
      id: UPDATE_TOAST_ID,
      title: 'A new version is available',
      description: 'Reload to use it. Your work on this device is kept.',
      duration: Infinity,
      action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
    });
    return () => dismissToast(UPDATE_TOAST_ID);
  }, [needRefresh, updateServiceWorker]);

  useEffect(() => {
    if (!offlineReady) return;
    toast({
      title: 'Ready to work offline',
      description: 'The app is saved on this device and opens without a connection.',
      variant: 'success',
    });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady]);

  return null;
}
