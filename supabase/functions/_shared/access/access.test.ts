/** The one definition of access, case by case from the refused side. */
import { describe, expect, it } from 'vitest';
import { accessLevel, activeRoles, hasAccess, type AccessFacts } from './access.ts';

const active = { deactivated_at: null, _deleted: false };
const facts = (roles: Array<[string, boolean]>, profile: AccessFacts['profile'] = active): AccessFacts => ({
  roles: roles.map(([role, _deleted]) => ({ role, _deleted })),
  profile,
});

describe('accessLevel', () => {
  it('is the highest active role on an active profile', () => {
    expect(accessLevel(facts([['admin', false], ['staff', false]]))).toBe('admin');
    expect(accessLevel(facts([['staff', false], ['provider', false]]))).toBe('staff');
    expect(accessLevel(facts([['provider', false]]))).toBe('provider');
  });

  it('is pending without any role: a sign-up has no access', () => {
    expect(accessLevel(facts([]))).toBe('pending');
    expect(hasAccess('pending')).toBe(false);
  });

  it('is revoked when every role was revoked, whatever was held', () => {
    expect(accessLevel(facts([['admin', true], ['staff', true]]))).toBe('revoked');
    expect(accessLevel(facts([['provider', true]]))).toBe('revoked');
    expect(accessLevel(facts([['admin', true], ['provider', false]]))).toBe('provider');
  });

  it('is deactivated for a deactivated or deleted profile, even with roles', () => {
    expect(accessLevel(facts([['admin', false]], { deactivated_at: '2026-11-01T00:00:00Z', _deleted: false }))).toBe('deactivated');
    expect(accessLevel(facts([['staff', false]], { deactivated_at: null, _deleted: true }))).toBe('deactivated');
    expect(hasAccess('deactivated')).toBe(false);
  });

  it('counts no role without a profile', () => {
    expect(activeRoles(facts([['admin', false]], null))).toEqual([]);
    expect(accessLevel(facts([['admin', false]], null))).toBe('revoked');
  });
});
