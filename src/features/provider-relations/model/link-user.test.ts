/** The Link User Account checks (spec §5). */
import { describe, expect, it } from 'vitest';
import { ALREADY_LINKED_WARNING, EXISTING_ACCOUNT_WARNING, checkLinkUser, differentEmailWarning, linkUserDefaultEmail } from './link-user.ts';

const provider = { id: 'prov-1', email: 'jane@clinic.test' };

describe('checkLinkUser', () => {
  it("requires an email: 'Email is required'", () => {
    expect(checkLinkUser({ email: '  ', provider, existingAccount: null })).toEqual({ error: 'Email is required', warnings: [] });
  });

  it('refuses something that is not an email address', () => {
    expect(checkLinkUser({ email: 'jane', provider, existingAccount: null })).toEqual({ error: 'Invalid email format', warnings: [] });
  });

  it("passes quietly with the provider's own email and no account", () => {
    expect(checkLinkUser({ email: ' JANE@clinic.test ', provider, existingAccount: null })).toEqual({ error: null, warnings: [] });
  });

  it('warns when the email belongs to an account', () => {
    const existingAccount = { email: 'Jane@Clinic.test', provider_id: null };
    expect(checkLinkUser({ email: 'jane@clinic.test', provider, existingAccount })).toEqual({
      error: null,
      warnings: [EXISTING_ACCOUNT_WARNING],
    });
  });

  it("says so when the account is already this provider's", () => {
    const existingAccount = { email: 'jane@clinic.test', provider_id: 'prov-1' };
    expect(checkLinkUser({ email: 'jane@clinic.test', provider, existingAccount }).warnings).toEqual([ALREADY_LINKED_WARNING]);
  });

  it('ignores an account found for another email', () => {
    const existingAccount = { email: 'other@clinic.test', provider_id: null };
    expect(checkLinkUser({ email: 'jane@clinic.test', provider, existingAccount }).warnings).toEqual([]);
  });

  it("warns when the email differs from the provider's registered one", () => {
    expect(checkLinkUser({ email: 'jd@home.test', provider, existingAccount: null }).warnings).toEqual([
      "This email differs from the provider's registered email (jane@clinic.test). The invitation will be sent to the address entered here.",
    ]);
    expect(differentEmailWarning('x@y.test')).toContain('(x@y.test)');
  });

  it('gives both warnings together', () => {
    const existingAccount = { email: 'jd@home.test', provider_id: 'prov-7' };
    expect(checkLinkUser({ email: 'jd@home.test', provider, existingAccount }).warnings).toHaveLength(2);
  });

  it('does not compare when the provider has no registered email', () => {
    expect(checkLinkUser({ email: 'jd@home.test', provider: { id: 'p', email: null }, existingAccount: null }).warnings).toEqual([]);
  });
});

describe('linkUserDefaultEmail', () => {
  it("starts with the provider's email, or empty", () => {
    expect(linkUserDefaultEmail(provider)).toBe('jane@clinic.test');
    expect(linkUserDefaultEmail({ email: null })).toBe('');
  });
});
