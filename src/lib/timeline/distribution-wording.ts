/**
 * "Results distributed" in words (issues 27 and 32): each delivery attempt of a result writes an
 * audit row (action 'distribute', table_name 'results', row_data {channel: 'email' | 'fax' |
 * 'in_app', recipient, status: 'sent' | 'failed', attempt, reason?, critical}), which the
 * timeline reads as "Result emailed to a@b.org" or "Fax to +1 555 010 7788 failed: busy".
 */
import type { AuditWording } from './audit-wording.ts';

type Channel = 'email' | 'fax' | 'in_app';

const SENT: Readonly<Record<Channel, string>> = {
  email: 'Result emailed to',
  fax: 'Result faxed to',
  in_app: 'Result delivered in the app to',
};

const FAILED: Readonly<Record<Channel, string>> = {
  email: 'Email to',
  fax: 'Fax to',
  in_app: 'In-app delivery to',
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The words of one distribution attempt; an unknown channel reads as a plain "Result sent". */
export function describeDistribution(row: Readonly<Record<string, unknown>>): AuditWording {
  const channel = (['email', 'fax', 'in_app'] as const).find((known) => known === row.channel);
  const recipient = text(row.recipient) ?? 'an unknown recipient';
  const failed = row.status === 'failed';
  const reason = text(row.reason);
  const title = channel
    ? failed
      ? `${FAILED[channel]} ${recipient} failed${reason ? `: ${reason}` : ''}`
      : `${SENT[channel]} ${recipient}`
    : failed
      ? `Result delivery to ${recipient} failed${reason ? `: ${reason}` : ''}`
      : `Result sent to ${recipient}`;
  const changes: string[] = [];
  if (row.critical === true) changes.push('Critical value');
  if (typeof row.attempt === 'number' && row.attempt > 1) changes.push(`Attempt ${row.attempt}`);
  return { title, changes, tone: failed ? 'remove' : 'access' };
}
