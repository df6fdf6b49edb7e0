/**
 * The warning before a sign-out that would lose changes not yet on the server (the logic is
 * in sign-out-dialog.tsx; this dialog is loaded the first time it opens).
 */
import { Button, Text } from '@chakra-ui/react';
import {
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from '../../components/ui/dialog.tsx';

export interface SignOutWarningProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Changes made on this device that the server has not acknowledged. */
  pending: number;
  busy: boolean;
  onSignOut: () => void;
}

export function SignOutWarning({ open, onOpenChange, pending, busy, onSignOut }: SignOutWarningProps) {
  return (
    <DialogRoot open={open} onOpenChange={(details) => onOpenChange(details.open)} role="alertdialog">
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
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Stay signed in
          </Button>
          <Button colorPalette="red" loading={busy} loadingText="Signing out…" onClick={onSignOut}>
            Sign out and discard
          </Button>
        </DialogFooter>
        <DialogCloseTrigger />
      </DialogContent>
    </DialogRoot>
  );
}
