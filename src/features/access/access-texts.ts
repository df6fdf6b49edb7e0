/**
 * The words of the page a signed-in user without access sees (their sign-up waits for an
 * admin, their access was removed, or their account was deactivated), and the warning
 * about changes this device could not send. The spec leaves these open; staff of a
 * laboratory need to know what happened and whom to ask.
 */
import type { AccessLevel } from '../../lib/access/access.ts';

export type NoAccessLevel = Extract<AccessLevel, 'pending' | 'revoked' | 'deactivated'>;

export interface NoAccessText {
  title: string;
  body: string;
}

export function noAccessText(level: NoAccessLevel, email: string | null): NoAccessText {
  const account = email ? `Your account (${email})` : 'Your account';
  switch (level) {
    case 'pending':
      return {
        title: 'Waiting for approval',
        body: `${account} has been created, but an administrator has not approved it yet. You can use LabLink once they give you access.`,
      };
    case 'revoked':
      return {
        title: 'Your access has been removed',
        body: `An administrator removed the access of ${email ?? 'your account'} to LabLink, and the directory is no longer on this device. Ask your laboratory's administrator if you need access again.`,
      };
    case 'deactivated':
      return {
        title: 'Account deactivated',
        body: `${account} has been deactivated by an administrator, and the directory is no longer on this device. Ask your laboratory's administrator if you think this is a mistake.`,
      };
  }
}

export function changesPhrase(count: number): string {
  return count === 1 ? '1 change' : `${count.toLocaleString('en-US')} changes`;
}

/** Changes made here that the server has not received, on a device that lost access. */
export function unsentChangesWarning(count: number): string {
  const they = count === 1 ? 'It' : 'They';
  return `${changesPhrase(count)} made on this device could not be sent to the server. ${they} will be sent if your access is restored, and lost if you clear this device.`;
}
