/**
 * The app's one session-end handler (session-end-handler.ts), bound to the real effects:
 * the device's data (device-data.ts), the held-data marker and the toasts.
 */
import { toast } from '../../components/ui/toaster.tsx';
import { unsyncedChangesOf, wipeDeviceData } from './device-data.ts';
import { holdData, releaseHeldData, useHeldData } from './held-data.ts';
import { createSessionEndHandler } from './session-end-handler.ts';
import { forgetProtectedKey } from '../providers/protected-key.ts';

export const sessionEnd = createSessionEndHandler({
  unsynced: unsyncedChangesOf,
  wipe: wipeDeviceData,
  held: () => useHeldData.getState().held,
  hold(held) {
    holdData(held);
    // The data stays for its owner to send, but nothing opens it without their password any more.
    void forgetProtectedKey(held.userId).catch((error: unknown) => console.error('[session-end] the kept key could not be forgotten', error));
  },
  release: releaseHeldData,
  wiped(reason) {
    if (reason !== 'session-ended') return;
    toast({
      title: 'Session ended',
      description: 'You were signed out, and the data on this device was cleared. Sign in again to continue.',
      variant: 'default',
    });
  },
  failed(error) {
    console.error('[session-end] clearing this device failed', error);
    toast({
      title: 'Error',
      description: 'Your session has ended, but the data on this device could not be cleared. Close the browser to be safe.',
      variant: 'destructive',
    });
  },
});
