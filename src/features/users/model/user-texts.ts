/** The users pages' fixed words (issue 25). */
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';

export const USERS_TITLE = 'Users';
export const USERS_DESCRIPTION = 'Everyone who can sign in to LabLink: their roles, their status, and who still waits for your approval.';
export const ADMINS_ONLY_TITLE = 'This page is for administrators';
export const ADMINS_ONLY_TEXT =
  'Managing user accounts, roles and access is reserved for administrators. Ask an administrator of your laboratory if someone needs access or should lose it.';

export const USER_NOT_FOUND_TITLE = 'User Not Found';
export const USER_NOT_FOUND_TEXT = "The user you're looking for couldn't be found.";
export const RETURN_TO_USERS = 'Return to Users';
export const USERS_LOAD_FAILED: ToastMessage = { title: 'Error', description: 'Failed to load users. Please try again.', type: 'error' };

export const INVITE_TITLE = 'Invite a staff member';
export const INVITE_BUTTON = 'Invite staff member';

export const NO_USERS_TITLE = 'No Users Found';
export const NO_USERS_MATCH = 'No users match your search and filters. Try a different search or clear the filters.';
export const NO_USERS_YET = 'Nobody else has an account yet. Invite a staff member to get started.';

export const SEARCH_PLACEHOLDER = 'Search by name or email...';

export function inviteQueued(email: string): ToastMessage {
  return {
    title: 'Invitation Queued',
    description: `The invitation to ${email} will be sent when this device is back online.`,
    type: 'info',
  };
}

export function callQueued(label: string, name: string): ToastMessage {
  return { title: 'Change Queued', description: `${label} of ${name} will be sent when this device is back online.`, type: 'info' };
}

export function countSummary(shown: number, total: number, filtered: boolean): string {
  const noun = total === 1 ? 'account' : 'accounts';
  return filtered ? `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun}` : `${total.toLocaleString('en-US')} ${noun}`;
}
