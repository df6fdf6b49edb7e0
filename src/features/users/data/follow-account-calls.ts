/**
 * Follows the admin's account calls in the outbox: announces how each ended (a toast,
 * whichever page is open, also after a reload for a call queued offline), and lets the
 * pages show the calls still waiting or refused, per account and for invitations.
 * Started from src/app when the local data opens, idempotently per database.
 */
import { map, type Observable, type Subscription } from 'rxjs';
import { createEndingsWatcher, getLocalDatabase, watchOutboxItems, type LocalDatabase, type OutboxItem } from '../../../db/index.ts';
import { showMessage } from '../../../components/ui/show-message.ts';
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';
import { useLiveQuery, type Live } from '../../../lib/local-data/use-live-query.ts';
import { inviteDone, inviteFailed, manageDone, manageFailed } from '../model/account-call-texts.ts';
import { INVITE_STAFF_KIND, isInviteStaffPayload, isManagePayload, MANAGE_USER_KIND, registerAccountCalls } from './account-calls.ts';

/** The announcement of an account call that just ended. */
export function accountCallEnded(item: OutboxItem): ToastMessage | null {
  if (item.state !== 'done' && item.state !== 'failed') return null;
  if (item.kind === MANAGE_USER_KIND && isManagePayload(item.payload)) {
    const { action, userName, email } = item.payload;
    return item.state === 'done' ? manageDone(action, userName, email) : manageFailed(action, userName, item.last_error);
  }
  if (item.kind === INVITE_STAFF_KIND && isInviteStaffPayload(item.payload)) {
    const { firstName, lastName, email } = item.payload;
    return item.state === 'done' ? inviteDone(`${firstName} ${lastName}`.trim(), email) : inviteFailed(item.last_error);
  }
  return null;
}

const accountCalls$ = (db: LocalDatabase): Observable<OutboxItem[]> =>
  watchOutboxItems(db).pipe(map((items) => items.filter((item) => item.kind === MANAGE_USER_KIND || item.kind === INVITE_STAFF_KIND)));

let following: { db: LocalDatabase; subscription: Subscription } | null = null;

export function followAccountCalls(): void {
  registerAccountCalls();
  const db = getLocalDatabase();
  if (!db || following?.db === db) return;
  following?.subscription.unsubscribe();
  const subscription = accountCalls$(db).subscribe({
    next: createEndingsWatcher(accountCallEnded, showMessage),
    error: (error: unknown) => console.error('[users] following the account calls failed', error),
  });
  following = { db, subscription };
}

/** Calls still to show: waiting (queued, running) or refused (failed, until dismissed). */
export function useOpenAccountCalls(): Live<OutboxItem[]> {
  return useLiveQuery('account-calls', (db) => accountCalls$(db).pipe(map((items) => items.filter((item) => item.state !== 'done'))), 'the account calls');
}

/** The open manage-user calls about one account. */
export function callsAbout(items: readonly OutboxItem[], userId: string): OutboxItem[] {
  return items.filter((item) => item.kind === MANAGE_USER_KIND && isManagePayload(item.payload) && item.payload.userId === userId);
}

/** The open invitations (an invited person has no account on this device until the call is through). */
export function openInvitations(items: readonly OutboxItem[]): OutboxItem[] {
  return items.filter((item) => item.kind === INVITE_STAFF_KIND);
}
