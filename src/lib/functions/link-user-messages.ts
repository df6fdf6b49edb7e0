/**
 * The Link User Account texts of spec §5, §6 and §8: the email rule, the 'already exists'
 * case, the server's own message or the fallback, success, and unlinking (unsupported).
 */
import type { ToastMessage } from './toast-message.ts';

export const LINK_USER_EMAIL_REQUIRED = 'Email is required';
export const UNLINK_NOT_SUPPORTED = 'Unlinking users is not supported at this time.';
export const LINK_USER_ALREADY_EXISTS = 'A user with this email already exists. Please use a different email.';
export const LINK_USER_FALLBACK = 'Failed to create user account';

const ALREADY_EXISTS = /already (exists|been registered|registered)/i;

export function linkUserFailureDescription(serverMessage: string | null | undefined): string {
  const message = serverMessage?.trim();
  if (!message) return LINK_USER_FALLBACK;
  return ALREADY_EXISTS.test(message) ? LINK_USER_ALREADY_EXISTS : message;
}

export function linkUserFailure(serverMessage: string | null | undefined): ToastMessage {
  return { title: 'Error', description: linkUserFailureDescription(serverMessage), type: 'error' };
}

export function linkUserSuccess(providerName: string): ToastMessage {
  return {
    title: 'User Account Created',
    description: `A user account has been created and linked to ${providerName}. An invitation email has been sent.`,
    type: 'success',
  };
}

export const UNLINK_NOT_SUPPORTED_TOAST: ToastMessage = { title: 'Not Supported', description: UNLINK_NOT_SUPPORTED, type: 'info' };
