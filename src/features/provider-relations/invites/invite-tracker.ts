/**
 * Follows the invitations in the outbox and tells the admin how each one ended (spec §8:
 * 'A user account has been created and linked to {provider}. An invitation email has been
 * sent.', or the failure text), whichever page is open — an invitation queued offline ends
 * with its toast once the device is back online, even after a reload.
 *
 * Only endings seen happening are announced: an item already done or failed when first
 * seen (an earlier visit's) stays quiet. Started from src/app when the local data opens
 * (`followInvites`), and by the dialog itself, idempotently.
 */
import type { Subscription } from 'rxjs';
import { createEndingsWatcher, enqueue, getLocalDatabase, watchOutboxItems, type LocalDatabase, type OutboxItem } from '../../../db/index.ts';
import { linkUserFailure, linkUserSuccess } from '../../../lib/functions/link-user-messages.ts';
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';
import { showToast } from '../../../components/show-toast.ts';
import { INVITE_USER_KIND, isInvitePayload, registerInviteOutbox, type InvitePayload } from './invite-outbox.ts';

const isFinal = (item: OutboxItem) => item.state === 'done' || item.state === 'failed';

/** The toast for an invitation that just ended. */
export function inviteEndedToast(item: OutboxItem): ToastMessage | null {
  if (!isFinal(item) || !isInvitePayload(item.payload)) return null;
  return item.state === 'done' ? linkUserSuccess(item.payload.providerName) : linkUserFailure(item.last_error);
}

/**
 * A watcher over the outbox's invite items: announces each ending it sees happen, once.
 * `notify` is the toaster in the app, a spy in tests.
 */
export function createInviteWatcher(notify: (message: ToastMessage) => void) {
  return createEndingsWatcher(inviteEndedToast, notify);
}

let following: { db: LocalDatabase; subscription: Subscription } | null = null;

/** Announce the endings of invitations on the open local database (idempotent per database). */
export function followInvites(): void {
  registerInviteOutbox();
  const db = getLocalDatabase();
  if (!db || following?.db === db) return;
  following?.subscription.unsubscribe();
  const subscription = watchOutboxItems(db, INVITE_USER_KIND).subscribe({
    next: createInviteWatcher(showToast),
    error: (error: unknown) => console.error('[provider-relations] following the invitations failed', error),
  });
  following = { db, subscription };
}

/** Queue an invitation; resolves with the outbox item (its id to follow it). */
export function queueInvite(payload: InvitePayload): Promise<OutboxItem> {
  followInvites();
  return enqueue(INVITE_USER_KIND, { ...payload });
}
