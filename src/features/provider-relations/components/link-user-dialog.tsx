/**
 * The 'Link User Account' dialog (spec §5, §6, §8; admins only): the email, prefilled with
 * the provider's registered one, is required ('Email is required'); two warnings do not
 * block: the email already belongs to an account, or differs from the registered email.
 * The invitation goes through the outbox (invites/): online it runs at once and the dialog
 * waits for the answer — success closes it (toast 'A user account has been created and
 * linked to {provider}…'), a refusal keeps it open with the reason ('A user with this email
 * already exists. Please use a different email.', the server's message, or 'Failed to
 * create user account'); offline it is queued, the dialog closes and the result is
 * announced when the device is back online.
 */
import { Alert, Button, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { watchOutboxItem, type ProviderDoc } from '../../../db/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import {
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { linkUserFailureDescription } from '../../../lib/functions/link-user-messages.ts';
import { providerFullName } from '../../../lib/provider/provider-name.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { useProfiles } from '../data/relation-queries.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { queueInvite } from '../invites/invite-tracker.ts';
import { LINK_USER_TITLE, checkLinkUser, linkUserDefaultEmail } from '../model/link-user.ts';
import { showToast } from '../../../components/show-toast.ts';
import { inviteQueued } from '../shared/texts.ts';

export interface LinkUserDialogProps {
  provider: Readonly<ProviderDoc>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const normalize = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

export function LinkUserDialog({ provider, open, onOpenChange }: LinkUserDialogProps) {
  const db = useLocalDatabase();
  const adminId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const profiles = useProfiles(open);
  const [email, setEmail] = useState(() => linkUserDefaultEmail(provider));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [itemId, setItemId] = useState<string | null>(null);
  const name = providerFullName(provider) || 'this provider';

  const existingAccount = useMemo(() => {
    if (profiles.status !== 'ready' || normalize(email) === '') return null;
    return profiles.value.find((profile) => normalize(profile.email) === normalize(email)) ?? null;
  }, [profiles, email]);
  const check = checkLinkUser({ email, provider, existingAccount });
  const busy = itemId !== null;

  const reset = () => {
    setEmail(linkUserDefaultEmail(provider));
    setSubmitted(false);
    setServerError(null);
    setItemId(null);
  };

  // Follow the queued invitation until it ends, or until it is clear it waits for a connection.
  useEffect(() => {
    if (!db || !itemId) return undefined;
    const subscription = watchOutboxItem(db, itemId).subscribe((item) => {
      if (!item) return;
      const sync = useSyncStore.getState();
      const offline = !sync.online || sync.pauseReason !== null;
      if (item.state === 'done') {
        onOpenChange(false);
        reset();
      } else if (item.state === 'failed') {
        setServerError(linkUserFailureDescription(item.last_error));
        setItemId(null);
      } else if (item.state === 'queued' && (item.attempts > 0 || offline)) {
        showToast(inviteQueued(name));
        onOpenChange(false);
        reset();
      }
    });
    return () => subscription.unsubscribe();
    // reset and onOpenChange are stable enough: the effect follows one item.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, itemId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (check.error || !adminId) return;
    try {
      const item = await queueInvite({
        email: email.trim(),
        firstName: provider.first_name,
        lastName: provider.last_name,
        providerId: provider.id,
        invitedBy: adminId,
        providerName: name,
      });
      setItemId(item.id);
    } catch (error) {
      console.error('[provider-relations] the invitation could not be queued', error);
      setServerError(linkUserFailureDescription(null));
    }
  }

  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) reset();
  };

  const fieldError = submitted ? (check.error ?? serverError) : serverError;

  return (
    <DialogRoot open={open} onOpenChange={(details) => close(details.open)} closeOnInteractOutside={!busy}>
      <DialogContent asChild>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="link-user-dialog">
          <DialogHeader>
            <DialogTitle>{LINK_USER_TITLE}</DialogTitle>
          </DialogHeader>
          <DialogBody>
            <Stack gap="4">
              <DialogDescription color="fg.muted">
                Create a login for {name}. They receive an email with a link to set their password, and then see only their
                own record.
              </DialogDescription>
              <Field label="Email" required invalid={fieldError !== null} errorText={fieldError ?? undefined}>
                <Input
                  type="email"
                  value={email}
                  autoComplete="off"
                  placeholder="provider@clinic.example"
                  disabled={busy}
                  onChange={(event) => {
                    setEmail(event.currentTarget.value);
                    setServerError(null);
                  }}
                />
              </Field>
              {check.warnings.map((warning) => (
                <Alert.Root key={warning} status="warning" size="sm" data-testid="link-user-warning">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Description>{warning}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ))}
              {!adminId && (
                <Text color="fg.error" fontSize="sm">
                  Sign in again to create user accounts.
                </Text>
              )}
            </Stack>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} loadingText="Creating account...">
              Create Account
            </Button>
          </DialogFooter>
          <DialogCloseTrigger disabled={busy} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
