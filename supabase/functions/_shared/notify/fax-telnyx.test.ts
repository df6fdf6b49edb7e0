import { describe, expect, it } from 'vitest';
import { toE164 } from './fax-telnyx.ts';
import { emailOptionsFromEnv } from './email-resend.ts';
import { faxOptionsFromEnv } from './fax-telnyx.ts';

describe('toE164', () => {
  it.each([
    ['(518) 555-0143', '+15185550143'],
    ['518-555-0143', '+15185550143'],
    ['1 518 555 0143', '+15185550143'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('reads %s as %s', (input, expected) => expect(toE164(input)).toBe(expected));

  it.each(['555-0143', '', 'fax', '+0123'])('refuses %s', (input) => expect(toE164(input)).toBeNull());
});

describe('configuration from env', () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];
  it('defaults the providers, and names what is missing', () => {
    expect(emailOptionsFromEnv(env({ EMAIL_API_KEY: 'k', EMAIL_FROM: 'a@b.c' }))).toEqual({ apiUrl: 'https://api.resend.com', apiKey: 'k', from: 'a@b.c' });
    expect(() => emailOptionsFromEnv(env({ EMAIL_FROM: 'a@b.c' }))).toThrow('Missing environment variable EMAIL_API_KEY');
    expect(() => emailOptionsFromEnv(env({ EMAIL_API_KEY: 'k' }))).toThrow('Missing environment variable EMAIL_FROM');
    expect(faxOptionsFromEnv(env({ FAX_API_KEY: 'k', FAX_CONNECTION_ID: 'c', FAX_FROM: '+1' }))).toEqual({ apiUrl: 'https://api.telnyx.com/v2', apiKey: 'k', connectionId: 'c', from: '+1' });
    expect(() => faxOptionsFromEnv(env({ FAX_API_KEY: 'k', FAX_FROM: '+1' }))).toThrow('Missing environment variable FAX_CONNECTION_ID');
  });
});
