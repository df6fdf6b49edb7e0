/**
 * The service worker's registration and the "new version" prompt. With `registerType:
 * 'prompt'` a new build installs beside the running one and waits until the user agrees to
 * reload (a reload mid-edit would be rude on a shared clinic workstation); the app also
 * checks for a new build every hour. When the new version takes over (the user agreed in
 * this tab or another), every tab of the old version reloads, after its drafts are written
 * (safe-reload.ts): the new worker's precache no longer holds the old version's code, so a
 * tab left running would load its next page's code from another version.
 */
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { dismissToast, toast } from '../../components/ui/toaster.tsx';
import { reloadSafely } from '../../lib/browser/safe-reload.ts';
import { appCopyUnavailable } from './app-copy.ts';

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
      appCopyUnavailable();
    },
    onNeedReload() {
      void reloadSafely();
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
