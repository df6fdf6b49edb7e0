import { describe, expect, it } from 'vitest';
import { buildUserEntries, emailUnderName, entrySubtitle, filterEntries, type ProfileLike, type RoleLike } from './user-entries.ts';

const profile = (id: string, overrides: Partial<ProfileLike> = {}): ProfileLike => ({
  id,
  email: `${id}@lab.test`,
  first_name: id,
  last_name: id.toUpperCase(),
  professional_title: null,
  provider_id: null,
  last_sign_in: '2026-11-01T10:00:00.000Z',
  invited_at: null,
  deactivated_at: null,
  ...overrides,
});
const role = (user_id: string, name: string, local_dirty = false): RoleLike => ({ id: `${user_id}-${name}`, user_id, role: name, local_dirty });

describe('the users page entries', () => {
  const entries = buildUserEntries(
    [
      profile('zoe'),
      profile('amy', { provider_id: 'p1' }),
      profile('ben', { deactivated_at: '2026-11-02T00:00:00.000Z' }),
      profile('cal', { invited_at: '2026-11-03T00:00:00.000Z', last_sign_in: null }),
      profile('yan', { first_name: null, last_name: null }),
    ],
    [role('zoe', 'staff'), role('zoe', 'admin', true), role('amy', 'provider'), role('ben', 'staff'), role('cal', 'staff')],
    new Map([['p1', 'Amy Provider, MD']]),
  );

  it('puts pending accounts first, then orders by last name', () => {
    expect(entries.map((entry) => [entry.id, entry.status])).toEqual([
      ['yan', 'pending'],
      ['amy', 'active'],
      ['ben', 'deactivated'],
      ['cal', 'invited'],
      ['zoe', 'active'],
    ]);
  });

  it('names an account by its email until it has a name, lists roles in a fixed order and shows the linked provider', () => {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    expect(byId.get('yan')).toMatchObject({ name: 'yan@lab.test', roles: [] });
    expect(byId.get('zoe')).toMatchObject({ name: 'zoe ZOE', roles: ['admin', 'staff'], unsynced: true });
    expect(byId.get('amy')).toMatchObject({ roles: ['provider'], providerName: 'Amy Provider, MD', unsynced: false });
  });

  it('searches name and email, case-insensitively, and filters by role and status', () => {
    const ids = (list: { id: string }[]) => list.map((entry) => entry.id);
    expect(ids(filterEntries(entries, { query: 'ZO', role: null, status: null }))).toEqual(['zoe']);
    expect(ids(filterEntries(entries, { query: 'amy@lab', role: null, status: null }))).toEqual(['amy']);
    expect(ids(filterEntries(entries, { query: '', role: 'staff', status: null }))).toEqual(['ben', 'cal', 'zoe']);
    expect(ids(filterEntries(entries, { query: '', role: 'none', status: null }))).toEqual(['yan']);
    expect(ids(filterEntries(entries, { query: '', role: 'staff', status: 'active' }))).toEqual(['zoe']);
  });
});

describe('an account’s lines under its name', () => {
  it('write a sign-up without a name by its email once, not again under it', () => {
    const unnamed = { name: 'new.person@lab.test', email: 'new.person@lab.test', professionalTitle: '' };
    expect(entrySubtitle(unnamed)).toBeNull();
    expect(emailUnderName(unnamed)).toBeNull();
  });

  it('give a named account its title, else its email', () => {
    expect(entrySubtitle({ name: 'Rosa Delgado', email: 'rosa@lab.test', professionalTitle: 'Phlebotomist' })).toBe('Phlebotomist');
    expect(entrySubtitle({ name: 'Rosa Delgado', email: 'rosa@lab.test', professionalTitle: '' })).toBe('rosa@lab.test');
    expect(emailUnderName({ name: 'Rosa Delgado', email: 'rosa@lab.test' })).toBe('rosa@lab.test');
  });
});
