/**
 * Sign-out: when changes made on this device have not reached the server yet, the user is
 * warned first, since signing out deletes this device's local database (shared clinic
 * computers). Then: sign out globally (the guard then takes the user to `/`) and clear
 * the local data and any cached data responses (the app shell's precache stays) — also
 * when the server could not be told, since the device is signed out anyway. The sign-out
 * completes before the page changes, so leaving or closing the browser right after cannot
 * leave the session behind.
 */
import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { wipeDeviceData } from '../session-end/device-data.ts';

/** Returns `requestSignOut` (warns first when needed) and the warning dialog to render. */
export function useSignOut() {
  const [warningOpen, setWarningOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = useSyncStore((state) => state.pendingChanges);

  async function signOutNow() {
    const { user, signOut } = useSessionStore.getState();
    setBusy(true);
    // The device is signed out whatever the server answers, and its data goes with it.
    const { error } = await signOut();
    setBusy(false);
    setWarningOpen(false);
    if (error) toast({ title: 'Authentication Error', description: error, variant: 'destructive' });
    if (!user) return;
    await wipeDeviceData(user.id).catch((cause: unknown) => {
      console.error('[sign-out] clearing the local database failed', cause);
      toast({
        title: 'Error',
        description: 'You are signed out, but the data on this device could not be cleared. Close the browser to be safe.',
        variant: 'destructive',
      });
    });
  }

  function requestSignOut() {
    if (useSyncStore.getState().pendingChanges > 0) setWarningOpen(true);
    else void signOutNow();
  }

  const dialog = (
    <DialogRoot open={warningOpen} onOpenChange={(details) => setWarningOpen(details.open)} role="alertdialog">
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign out with unsynced changes?</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <Text>
            {pending === 1 ? '1 change' : `${pending.toLocaleString('en-US')} changes`} made on this device{' '}
            {pending === 1 ? 'has' : 'have'} not reached the server yet. Signing out deletes this device&apos;s copy
            of the directory, and {pending === 1 ? 'that change' : 'those changes'} will be lost.
          </Text>
          <Text mt="3" color="fg.muted" fontSize="sm">
            Stay signed in until the connection is back and the sync indicator shows “Up to date” to keep them.
          </Text>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setWarningOpen(false)}>
            Stay signed in
          </Button>
          <Button colorPalette="red" loading={busy} loadingText="Signing out…" onClick={() => void signOutNow()}>
            Sign out and discard
          </Button>
        </DialogFooter>
        <DialogCloseTrigger />
      </DialogContent>
    </DialogRoot>
  );

  return { requestSignOut, dialog };
}
