import { describe, expect, it } from 'vitest';
import { additiveMigrations, completeWithDefaults } from './additive-migration.ts';

const clock = { now: () => '2026-11-25T10:00:00.000Z', newId: () => '00000000-0000-4000-8000-000000000001' };

describe('additive schema migration', () => {
  it('fills the columns a stored document lacks and keeps what it has', () => {
    const stored = { id: 'p1', email: 'a@b.test', first_name: 'Ann', local_dirty: true, server_modified: null };
    const migrated = completeWithDefaults('profiles', stored, clock);
    expect(migrated).toMatchObject({ id: 'p1', email: 'a@b.test', first_name: 'Ann', local_dirty: true });
    expect(migrated.deactivated_at).toBeNull();
    expect(migrated.deactivated_by).toBeNull();
  });

  it('recomputes the derived sort key', () => {
    expect(completeWithDefaults('organizations', { id: 'o1', legal_name: 'Élan Clinic' }, clock).sort_name).toMatch(/^elan clinic/);
  });

  it('has one strategy per version step', () => {
    expect(Object.keys(additiveMigrations('profiles', 3, clock))).toEqual(['1', '2', '3']);
    expect(additiveMigrations('profiles', 0, clock)).toEqual({});
  });
});
