import { describe, expect, it } from 'vitest';
import { adminRemovalRefusal, deactivationRefusal } from './role-rules.ts';
import { buildUserEntries, type ProfileLike } from './user-entries.ts';

const profile = (id: string, deactivated = false): ProfileLike => ({
  id, email: `${id}@lab.test`, first_name: id, last_name: id, professional_title: null, provider_id: null,
  last_sign_in: null, invited_at: null, deactivated_at: deactivated ? '2026-11-01T00:00:00.000Z' : null,
});

describe('what an admin may do to admin roles', () => {
  it('never removes the last active admin, nor their own admin role', () => {
    const entries = buildUserEntries([profile('a'), profile('b', true), profile('c')], [
      { id: '1', user_id: 'a', role: 'admin' },
      { id: '2', user_id: 'b', role: 'admin' },
      { id: '3', user_id: 'c', role: 'staff' },
    ]);
    const [a, b, c] = ['a', 'b', 'c'].map((id) => entries.find((entry) => entry.id === id)!);
    expect(adminRemovalRefusal(entries, a!, 'c')).toBe('The last admin cannot be removed.');
    expect(adminRemovalRefusal(entries, a!, 'a')).toBe('An admin cannot remove their own admin role.');
    expect(adminRemovalRefusal(entries, b!, 'a')).toBeNull();
    expect(deactivationRefusal(entries, a!, 'c')).toBe('The last admin cannot be deactivated.');
    expect(deactivationRefusal(entries, c!, 'c')).toBe('You cannot deactivate your own account.');
    expect(deactivationRefusal(entries, c!, 'a')).toBeNull();
  });
});
