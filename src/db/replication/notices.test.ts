import { describe, expect, it } from 'vitest';
import { conflictNotice, describeRecord, fieldLabel, rejectionNotice, type RecordLookup } from './notices.ts';

const lookup: RecordLookup = async (table, id) => {
  if (table === 'providers' && id === 'p1') return { first_name: 'Jane', last_name: 'Doe' };
  if (table === 'organizations' && id === 'o1') return { legal_name: 'Albany Medical' };
  if (table === 'profiles' && id === 'u1') return { first_name: 'Sam', last_name: 'Lee' };
  return null;
};

describe('sync notices', () => {
  it('name records the way users know them', async () => {
    expect(await describeRecord('providers', { first_name: 'Jane', last_name: 'Doe' }, lookup)).toBe('provider “Jane Doe”');
    expect(await describeRecord('organizations', { legal_name: 'Albany Medical' }, lookup)).toBe('organization “Albany Medical”');
    expect(await describeRecord('provider_preferences', { provider_id: 'p1' }, lookup)).toBe(
      'the result distribution preferences of provider “Jane Doe”',
    );
    expect(await describeRecord('provider_organization_memberships', { provider_id: 'p1', organization_id: 'o1' }, lookup)).toBe(
      'the membership of provider “Jane Doe” in organization “Albany Medical”',
    );
    expect(await describeRecord('provider_delegate_approvals', { provider_id: 'p1', delegate_id: 'u1' }, lookup)).toBe(
      'the delegate approval of “Sam Lee” for provider “Jane Doe”',
    );
    expect(await describeRecord('user_roles', { role: 'admin', user_id: 'nobody' }, lookup)).toBe('the “admin” role of a user');
    expect(await describeRecord('provider_preferences', { provider_id: 'gone' }, lookup)).toBe(
      'the result distribution preferences of provider (unknown)',
    );
  });

  it('say which changes a merge replaced', () => {
    expect(conflictNotice('provider “Jane Doe”', ['email'])).toBe(
      'Provider “Jane Doe”: your change to email was replaced by a newer change made on the server. Your other changes were kept.',
    );
    expect(conflictNotice('provider “Jane Doe”', ['first_name', 'npi', 'nppes_data'])).toBe(
      'Provider “Jane Doe”: your changes to first name, NPI and registry data (taxonomy, state, license) were replaced by a newer change made on the server. Your other changes were kept.',
    );
    expect(fieldLabel('default_organization_id')).toBe('default organization');
  });

  it('say what was refused, why, and what happened to the record', () => {
    expect(rejectionNotice('provider “Jane Doe”', '23505', 'duplicate key value violates unique constraint "providers_npi_unique"', false)).toBe(
      'Your change to provider “Jane Doe” was refused: it would duplicate an existing record (duplicate key value violates unique constraint "providers_npi_unique"). It was removed from this device because the server has no copy of it.',
    );
    expect(rejectionNotice('organization “Acme”', '42501', '', true)).toBe(
      'Your change to organization “Acme” was refused: you do not have permission to make this change. It was reset to the version on the server.',
    );
    expect(rejectionNotice('organization “Acme”', 'XX000', 'something odd', true)).toBe(
      'Your change to organization “Acme” was refused: something odd. It was reset to the version on the server.',
    );
  });
});
