// Who receives a result and a critical value, by which channel: the rules the server's
// distribution queue applies (issue 32), pure so they are unit-tested. A final or corrected
// result goes by email to every address of the provider's distribution list and by fax to
// their fax number, each when that preference is on. A critical value goes to the ordering
// provider and the ordering organization by every channel they have, whatever the
// preferences (laboratories must reach someone): the in-app alert, the provider's email and
// distribution list, the provider's fax number, the organization's email and fax and each
// contact's email. Re-escalation and the retry backoff live here too.
import { toE164 } from '../notify/fax-telnyx.ts';

export type Channel = 'email' | 'fax' | 'in_app';
export type Purpose = 'result' | 'critical' | 'escalation';

export interface PlannedSend {
  channel: Channel;
  /** An email address, a fax number (E.164 when it reads as one), or who sees the in-app alert. */
  recipient: string;
  recipientName: string;
}

export interface DistributionPreferences {
  email_notifications: boolean;
  fax_notifications: boolean;
  fax_number: string | null;
  /** The distribution list (email addresses). */
  favorite_reports: readonly string[] | null;
}

export interface CriticalRecipients {
  provider: { name: string; email: string | null };
  preferences: DistributionPreferences | null;
  organization: { name: string; email: string | null; fax: string | null; contacts: ReadonlyArray<{ name?: string | null; role?: string | null; email?: string | null }> | null };
}

/** Who sees the in-app critical-value alert (the banner and the dashboard's alerts). */
export const IN_APP_RECIPIENT = 'Ordering provider, results delegates and laboratory staff (in-app alert)';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function faxRecipient(value: string): string {
  return toE164(value) ?? value.trim();
}

/** One send per channel and recipient (addresses compared without case), in the order given. */
function unique(sends: PlannedSend[]): PlannedSend[] {
  const seen = new Set<string>();
  return sends.filter((s) => {
    const key = `${s.channel}:${s.recipient.toLowerCase()}`;
    if (!s.recipient || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function listEmails(preferences: DistributionPreferences | null, name: string): PlannedSend[] {
  return (preferences?.favorite_reports ?? [])
    .map((e) => e.trim())
    .filter((e) => EMAIL.test(e))
    .map((recipient) => ({ channel: 'email' as const, recipient, recipientName: name }));
}

/** The sends of a result by the provider's preferences; none for a preliminary result. */
export function resultDistributions(status: string, preferences: DistributionPreferences | null, providerName: string): PlannedSend[] {
  if (!preferences || (status !== 'final' && status !== 'corrected')) return [];
  const sends: PlannedSend[] = [];
  if (preferences.email_notifications) sends.push(...listEmails(preferences, providerName));
  if (preferences.fax_notifications && preferences.fax_number?.trim()) {
    sends.push({ channel: 'fax', recipient: faxRecipient(preferences.fax_number), recipientName: providerName });
  }
  return unique(sends);
}

/** Everyone told of a critical value, by every channel they have; the in-app alert first. */
export function criticalNotifications(to: CriticalRecipients): PlannedSend[] {
  const { provider, preferences, organization } = to;
  const sends: PlannedSend[] = [{ channel: 'in_app', recipient: IN_APP_RECIPIENT, recipientName: provider.name }];
  if (provider.email && EMAIL.test(provider.email.trim())) sends.push({ channel: 'email', recipient: provider.email.trim(), recipientName: provider.name });
  sends.push(...listEmails(preferences, provider.name));
  if (preferences?.fax_number?.trim()) sends.push({ channel: 'fax', recipient: faxRecipient(preferences.fax_number), recipientName: provider.name });
  if (organization.email && EMAIL.test(organization.email.trim())) sends.push({ channel: 'email', recipient: organization.email.trim(), recipientName: organization.name });
  for (const contact of organization.contacts ?? []) {
    const email = contact.email?.trim();
    if (email && EMAIL.test(email)) {
      const name = [contact.name?.trim(), contact.role?.trim()].filter(Boolean).join(', ');
      sends.push({ channel: 'email', recipient: email, recipientName: name ? `${name} (${organization.name})` : organization.name });
    }
  }
  if (organization.fax?.trim()) sends.push({ channel: 'fax', recipient: faxRecipient(organization.fax), recipientName: organization.name });
  return unique(sends);
}

/** CRITICAL_ESCALATION_MINUTES: how long a critical value waits for acknowledgement before it is escalated again (default 30, 1–1440). */
export function readEscalationMinutes(get: (name: string) => string | undefined): number {
  const raw = get('CRITICAL_ESCALATION_MINUTES')?.trim();
  if (!raw) return 30;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1440) throw new Error('CRITICAL_ESCALATION_MINUTES must be a whole number of minutes from 1 to 1440');
  return value;
}

/** Whether an unacknowledged critical value, last notified at `lastNotifiedAt`, is due to be escalated again. */
export function escalationDue(acknowledged: boolean, lastNotifiedAt: Date, now: Date, minutes: number): boolean {
  return !acknowledged && now.getTime() - lastNotifiedAt.getTime() >= minutes * 60_000;
}

/** Attempts before a send is given up (and shown as failed). */
export const MAX_ATTEMPTS = 6;

/**
 * When a failed send is tried again: 1 min after the first failure, doubling, at most an
 * hour; null when it is given up (a final failure, or the attempts are spent).
 */
export function nextAttemptAt(attempts: number, retryable: boolean, now: Date): Date | null {
  if (!retryable || attempts >= MAX_ATTEMPTS) return null;
  const delay = Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return new Date(now.getTime() + delay);
}
