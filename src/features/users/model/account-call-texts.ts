/**
 * The words of account calls (issue 25): what each one is while it waits, and how it
 * ended. Invitations that fail because the address has an account take the spec's
 * 'A user with this email already exists. Please use a different email.'
 */
import { linkUserFailureDescription } from '../../../lib/functions/link-user-messages.ts';
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';
import type { ManageAction } from '../../../lib/users/manage-request.ts';

export const ACTION_LABELS: Record<ManageAction, string> = {
  deactivate: 'Deactivation',
  reactivate: 'Reactivation',
  refuse: 'Refusal of the sign-up',
  'resend-invite': 'New invitation email',
  'reset-password': 'Password reset email',
};

export function manageDone(action: ManageAction, name: string, email: string): ToastMessage {
  const descriptions: Record<ManageAction, string> = {
    deactivate: `${name} is deactivated: they can no longer sign in, and their open sessions end.`,
    reactivate: `${name} is active again and can sign in.`,
    refuse: `The sign-up of ${name} was refused: the account is deactivated.`,
    'resend-invite': `A new invitation email has been sent to ${email}.`,
    'reset-password': `A password reset email has been sent to ${email}.`,
  };
  const titles: Record<ManageAction, string> = {
    deactivate: 'User Deactivated',
    reactivate: 'User Reactivated',
    refuse: 'Sign-up Refused',
    'resend-invite': 'Invitation Sent',
    'reset-password': 'Password Reset Sent',
  };
  return { title: titles[action], description: descriptions[action], type: 'success' };
}

export function manageFailed(action: ManageAction, name: string, reason: string | null): ToastMessage {
  return { title: 'Error', description: `${ACTION_LABELS[action]} of ${name} failed: ${reason || 'the server refused it.'}`, type: 'error' };
}

export function inviteDone(name: string, email: string): ToastMessage {
  return { title: 'Invitation Sent', description: `${name} is invited: an invitation email has been sent to ${email}.`, type: 'success' };
}

export function inviteFailed(reason: string | null): ToastMessage {
  return { title: 'Error', description: linkUserFailureDescription(reason), type: 'error' };
}

export function queuedMessage(online: boolean): string {
  return online ? 'Sending…' : 'Waiting for a connection: it will be sent when this device is back online.';
}
