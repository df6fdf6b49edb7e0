/**
 * The Link User Account dialog's checks (spec §5 Link user, admin only): the email is
 * required and must be an address; two warnings do not block but tell the admin what will
 * happen: the email already belongs to an account (the invitation will be refused unless
 * that account is this provider's own), or it differs from the provider's registered email.
 * The server's answers are worded by lib/functions/link-user-messages.ts.
 */
import { LINK_USER_EMAIL_REQUIRED } from '../../../lib/functions/link-user-messages.ts';
import { INVALID_EMAIL_FORMAT, isValidEmail } from '../../../lib/provider/form-fields.ts';

export { LINK_USER_EMAIL_REQUIRED } from '../../../lib/functions/link-user-messages.ts';

export const LINK_USER_TITLE = 'Link User Account';

export const EXISTING_ACCOUNT_WARNING =
  'A user account with this email already exists. Linking will fail unless you use a different email.';
export const ALREADY_LINKED_WARNING = 'This email already belongs to the user account linked to this provider.';

export function differentEmailWarning(registeredEmail: string): string {
  return `This email differs from the provider's registered email (${registeredEmail}). The invitation will be sent to the address entered here.`;
}

export interface ExistingAccount {
  email: string | null;
  provider_id: string | null;
}

export interface LinkUserCheckInput {
  email: string;
  provider: { id: string; email: string | null };
  /** The profile already using this email, if any (looked up by email). */
  existingAccount: ExistingAccount | null;
}

export interface LinkUserCheck {
  /** Blocks the invitation. */
  error: string | null;
  /** Shown, but the admin may go on. */
  warnings: string[];
}

const normalize = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

export function checkLinkUser({ email, provider, existingAccount }: LinkUserCheckInput): LinkUserCheck {
  const entered = email.trim();
  if (entered === '') return { error: LINK_USER_EMAIL_REQUIRED, warnings: [] };
  if (!isValidEmail(entered)) return { error: INVALID_EMAIL_FORMAT, warnings: [] };
  const warnings: string[] = [];
  if (existingAccount && normalize(existingAccount.email) === normalize(entered)) {
    warnings.push(existingAccount.provider_id === provider.id ? ALREADY_LINKED_WARNING : EXISTING_ACCOUNT_WARNING);
  }
  const registered = provider.email?.trim();
  if (registered && normalize(registered) !== normalize(entered)) warnings.push(differentEmailWarning(registered));
  return { error: null, warnings };
}

/** The dialog starts with the provider's registered email. */
export function linkUserDefaultEmail(provider: { email: string | null }): string {
  return provider.email?.trim() ?? '';
}
