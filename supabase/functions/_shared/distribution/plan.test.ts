import { describe, expect, it } from 'vitest';
import { criticalNotifications, escalationDue, IN_APP_RECIPIENT, MAX_ATTEMPTS, nextAttemptAt, readEscalationMinutes, resultDistributions, type DistributionPreferences } from './plan.ts';

const prefs = (over: Partial<DistributionPreferences> = {}): DistributionPreferences => ({
  email_notifications: true,
  fax_notifications: true,
  fax_number: '(518) 555-0143',
  favorite_reports: ['a@clinic.test', 'B@clinic.test', ' b@clinic.test ', 'not an address'],
  ...over,
});

describe('resultDistributions', () => {
  it('emails every valid address of the list once and faxes the number in E.164, for a final or corrected result', () => {
    const expected = [
      { channel: 'email', recipient: 'a@clinic.test', recipientName: 'Dr A' },
      { channel: 'email', recipient: 'B@clinic.test', recipientName: 'Dr A' },
      { channel: 'fax', recipient: '+15185550143', recipientName: 'Dr A' },
    ];
    expect(resultDistributions('final', prefs(), 'Dr A')).toEqual(expected);
    expect(resultDistributions('corrected', prefs(), 'Dr A')).toEqual(expected);
  });

  it('sends nothing for a preliminary result, without preferences, or with the channels off', () => {
    expect(resultDistributions('preliminary', prefs(), 'Dr A')).toEqual([]);
    expect(resultDistributions('final', null, 'Dr A')).toEqual([]);
    expect(resultDistributions('final', prefs({ email_notifications: false, fax_notifications: false }), 'Dr A')).toEqual([]);
    expect(resultDistributions('final', prefs({ email_notifications: false, fax_number: ' ' }), 'Dr A')).toEqual([]);
  });

  it('keeps a fax number that is not one as written, so its failure is recorded and shown', () => {
    expect(resultDistributions('final', prefs({ email_notifications: false, fax_number: '555-01' }), 'Dr A')).toEqual([{ channel: 'fax', recipient: '555-01', recipientName: 'Dr A' }]);
  });
});

describe('criticalNotifications', () => {
  it('tells the provider and the organization by every channel they have, whatever the preferences, in-app first', () => {
    const sends = criticalNotifications({
      provider: { name: 'Dr A', email: 'dr.a@clinic.test' },
      preferences: prefs({ email_notifications: false, fax_notifications: false }),
      organization: { name: 'Clinic', email: 'front@clinic.test', fax: '518-555-0199', contacts: [{ name: 'Pat', role: 'Nurse', email: 'pat@clinic.test' }, { name: 'Lee', email: 'A@clinic.test' }, { name: 'No email' }] },
    });
    expect(sends.map((s) => [s.channel, s.recipient, s.recipientName])).toEqual([
      ['in_app', IN_APP_RECIPIENT, 'Dr A'],
      ['email', 'dr.a@clinic.test', 'Dr A'],
      ['email', 'a@clinic.test', 'Dr A'],
      ['email', 'B@clinic.test', 'Dr A'],
      ['fax', '+15185550143', 'Dr A'],
      ['email', 'front@clinic.test', 'Clinic'],
      ['email', 'pat@clinic.test', 'Pat, Nurse (Clinic)'],
      ['fax', '+15185550199', 'Clinic'],
    ]);
  });

  it('still records the in-app alert when nobody has an email or a fax', () => {
    expect(criticalNotifications({ provider: { name: 'Dr A', email: null }, preferences: null, organization: { name: 'Clinic', email: null, fax: null, contacts: null } })).toEqual([
      { channel: 'in_app', recipient: IN_APP_RECIPIENT, recipientName: 'Dr A' },
    ]);
  });
});

describe('escalation', () => {
  const at = new Date('2026-11-26T10:00:00Z');
  it('is due once the set minutes passed without acknowledgement', () => {
    expect(escalationDue(false, new Date('2026-11-26T09:30:00Z'), at, 30)).toBe(true);
    expect(escalationDue(false, new Date('2026-11-26T09:30:01Z'), at, 30)).toBe(false);
    expect(escalationDue(true, new Date('2026-11-26T08:00:00Z'), at, 30)).toBe(false);
  });

  it('reads CRITICAL_ESCALATION_MINUTES, 30 by default, and refuses nonsense', () => {
    expect(readEscalationMinutes(() => undefined)).toBe(30);
    expect(readEscalationMinutes(() => '5')).toBe(5);
    for (const bad of ['0', '1441', '2.5', 'soon']) expect(() => readEscalationMinutes(() => bad)).toThrow('CRITICAL_ESCALATION_MINUTES must be a whole number of minutes from 1 to 1440');
  });
});

describe('nextAttemptAt', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it('backs off from a minute, doubling, at most an hour', () => {
    expect(nextAttemptAt(1, true, now)?.toISOString()).toBe('2026-11-26T10:01:00.000Z');
    expect(nextAttemptAt(2, true, now)?.toISOString()).toBe('2026-11-26T10:02:00.000Z');
    expect(nextAttemptAt(5, true, now)?.toISOString()).toBe('2026-11-26T10:16:00.000Z');
  });

  it('gives up on a final failure or when the attempts are spent', () => {
    expect(nextAttemptAt(1, false, now)).toBeNull();
    expect(nextAttemptAt(MAX_ATTEMPTS, true, now)).toBeNull();
  });
});
