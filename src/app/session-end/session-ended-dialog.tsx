/**
 * The warning of a session that ended (revoked, signed out elsewhere) while this device
 * held changes the server never received: how many, and the choice — sign in again as the
 * same user to send them, or discard them (someone else signing in discards them too).
 * Shown over whatever page the user was on, and again after a reload until they choose.
 */
import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useHeldData } from './held-data.ts';
import { sessionEnd } from './session-end.ts';

export function endedSessionWarning(count: number, email: string | null): string {
  const changes = count === 1 ? '1 change' : `${count.toLocaleString('en-US')} changes`;
  const who = email ? ` as ${email}` : '';
  const them = count === 1 ? 'it' : 'them';
  return `Your session ended before ${changes} made on this device reached the server. Sign in again${who} to send ${them}. If someone else signs in on this device, or you discard ${them}, ${count === 1 ? 'it is' : 'they are'} lost.`;
}

export function SessionEndedDialog() {
  const held = useHeldData((state) => state.held);
  const signedOut = useSessionStore((state) => state.status === 'signed-out');
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = !!held && held.reason === 'session-ended' && signedOut && dismissed !== held.userId;

  async function discard() {
    setBusy(true);
    await sessionEnd.discard();
    setBusy(false);
  }

  return (
    <DialogRoot
      open={open}
      role="alertdialog"
      closeOnInteractOutside={false}
      onOpenChange={(details) => !details.open && setDismissed(held?.userId ?? null)}
    >
      <DialogContent data-testid="session-ended-dialog">
        <DialogHeader>
          <DialogTitle>Your session has ended</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <Text>{held ? endedSessionWarning(held.unsynced, held.email) : ''}</Text>
        </DialogBody>
        <DialogFooter>
          <Button colorPalette="red" variant="outline" loading={busy} loadingText="Discarding…" onClick={() => void discard()}>
            Discard changes
          </Button>
          <Button colorPalette="brand" onClick={() => setDismissed(held?.userId ?? null)}>
            Sign in again
          </Button>
        </DialogFooter>
      </DialogContent>
    </DialogRoot>
  );
}
