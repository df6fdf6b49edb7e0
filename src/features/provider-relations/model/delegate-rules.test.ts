/** Delegate rules (spec §4, §5, §9). */
import { describe, expect, it } from 'vitest';
import {
  DELEGATE_SELECTION_REQUIRED,
  PROVIDER_ID_NOT_AVAILABLE,
  PROVIDER_MISSING_FOR_DELEGATE,
  USER_SEARCH_TOO_SHORT,
  activeDelegates,
  approvalTypeFromPermissions,
  permissionsFromApprovalType,
  planDelegateApproval,
  providerNotFoundMessage,
  removeDelegatePatch,
  searchProfiles,
  userSearchIssue,
  type DelegateApprovalRow,
  type DelegateRequest,
} from './delegate-rules.ts';

const NOW = '2026-04-05T06:07:08.000Z';

describe('approval type', () => {
  it('follows the permissions', () => {
    expect(approvalTypeFromPermissions({ canOrder: true, canViewResults: true })).toBe('both');
    expect(approvalTypeFromPermissions({ canOrder: true, canViewResults: false })).toBe('order');
    expect(approvalTypeFromPermissions({ canOrder: false, canViewResults: true })).toBe('results');
    expect(approvalTypeFromPermissions({ canOrder: false, canViewResults: false })).toBeNull();
  });

  it('gives the permissions back', () => {
    expect(permissionsFromApprovalType('both')).toEqual({ canOrder: true, canViewResults: true });
    expect(permissionsFromApprovalType('order')).toEqual({ canOrder: true, canViewResults: false });
    expect(permissionsFromApprovalType('results')).toEqual({ canOrder: false, canViewResults: true });
  });
});

describe('user search', () => {
  const profiles = [
    { id: '1', email: 'amy.lee@lab.test', first_name: 'Amy', last_name: 'Lee' },
    { id: '2', email: 'bob@lab.test', first_name: 'Bob', last_name: 'Amyson' },
    { id: '3', email: 'gone@lab.test', first_name: 'Amy', last_name: 'Gone', _deleted: true },
    { id: '4', email: null, first_name: null, last_name: 'Zed' },
    ...Array.from({ length: 12 }, (_, i) => ({ id: `m${i}`, email: `many${i}@lab.test`, first_name: 'Many', last_name: `M${String(i).padStart(2, '0')}` })),
  ];

  it('needs at least 3 characters', () => {
    expect(userSearchIssue('am ')).toBe(USER_SEARCH_TOO_SHORT);
    expect(USER_SEARCH_TOO_SHORT).toBe('Please enter at least 3 characters to search');
    expect(userSearchIssue('amy')).toBeNull();
    expect(searchProfiles(profiles, 'am')).toEqual([]);
  });

  it('matches first name, last name or email, case-insensitive, sorted by last name', () => {
    expect(searchProfiles(profiles, 'AMY').map((p) => p.id)).toEqual(['2', '1']);
    expect(searchProfiles(profiles, 'bob@').map((p) => p.id)).toEqual(['2']);
    expect(searchProfiles(profiles, 'zed').map((p) => p.id)).toEqual(['4']);
  });

  it('breaks ties in order: same last name by first name, then email, then id', () => {
    const twins = [
      { id: 'b', email: 'kim.b@lab.test', first_name: 'Kim', last_name: 'Park' },
      { id: 'a', email: 'kim.b@lab.test', first_name: 'Kim', last_name: 'Park' },
      { id: 'c', email: 'kim.a@lab.test', first_name: 'kim', last_name: 'park' },
      { id: 'd', email: 'ann@lab.test', first_name: 'Ann', last_name: 'Park' },
    ];
    expect(searchProfiles(twins, 'park').map((p) => p.id)).toEqual(['d', 'c', 'a', 'b']);
    expect(searchProfiles([...twins].reverse(), 'park').map((p) => p.id)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('ignores spaces around the query', () => {
    expect(searchProfiles(profiles, '  bob@  ').map((p) => p.id)).toEqual(['2']);
    expect(userSearchIssue('  am  ')).toBe(USER_SEARCH_TOO_SHORT);
  });

  it('reads a missing name or email as empty: it matches nothing and sorts first', () => {
    const namesakes = [
      { id: 'x', email: 'kim@lab.test', first_name: 'Kim', last_name: 'Park' },
      { id: 'y', email: null, first_name: null, last_name: 'Park' },
    ];
    expect(searchProfiles(namesakes, 'park').map((p) => p.id)).toEqual(['y', 'x']);
    expect(searchProfiles(namesakes, 'null')).toEqual([]);
    expect(searchProfiles(namesakes, 'undefined')).toEqual([]);
  });

  it('keeps its own limit when asked for fewer', () => {
    expect(searchProfiles(profiles, 'many', 3).map((p) => p.id)).toEqual(['m0', 'm1', 'm2']);
  });

  it('shows at most 10 results', () => {
    expect(searchProfiles(profiles, 'many').map((p) => p.id)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
  });
});

describe('planDelegateApproval', () => {
  const request = (overrides: Partial<DelegateRequest> = {}): DelegateRequest => ({
    providerId: 'prov-1',
    providerExists: true,
    delegateId: 'user-2',
    permissions: { canOrder: true, canViewResults: false },
    canViewVipPatients: false,
    existing: [],
    userId: 'user-1',
    newId: 'appr-new',
    now: NOW,
    ...overrides,
  });

  it('inserts a new active approval', () => {
    expect(planDelegateApproval(request())).toEqual({
      ok: true,
      write: {
        kind: 'insert',
        record: {
          id: 'appr-new',
          provider_id: 'prov-1',
          delegate_id: 'user-2',
          approval_type: 'order',
          can_view_vip_patients: false,
          is_active: true,
          created_by: 'user-1',
          created_at: NOW,
          updated_at: NOW,
        },
      },
    });
  });

  it('updates and reactivates an existing approval instead of duplicating it', () => {
    const existing: DelegateApprovalRow[] = [
      { id: 'other', provider_id: 'prov-9', delegate_id: 'user-2', approval_type: 'order', can_view_vip_patients: false, is_active: true },
      { id: 'appr-1', provider_id: 'prov-1', delegate_id: 'user-2', approval_type: 'order', can_view_vip_patients: false, is_active: false },
    ];
    expect(
      planDelegateApproval(request({ existing, permissions: { canOrder: true, canViewResults: true }, canViewVipPatients: true })),
    ).toEqual({
      ok: true,
      write: {
        kind: 'update',
        id: 'appr-1',
        patch: { approval_type: 'both', can_view_vip_patients: true, is_active: true, updated_at: NOW },
        restoresDeleted: false,
      },
    });
  });

  it("updates the chosen delegate's row, not another delegate's row of the same provider", () => {
    const existing: DelegateApprovalRow[] = [
      { id: 'first', provider_id: 'prov-1', delegate_id: 'user-1', approval_type: 'both', can_view_vip_patients: true, is_active: true },
      { id: 'second', provider_id: 'prov-1', delegate_id: 'user-2', approval_type: 'order', can_view_vip_patients: false, is_active: true },
    ];
    const plan = planDelegateApproval(request({ existing, permissions: { canOrder: false, canViewResults: true } }));
    expect(plan).toEqual({
      ok: true,
      write: { kind: 'update', id: 'second', patch: { approval_type: 'results', can_view_vip_patients: false, is_active: true, updated_at: NOW }, restoresDeleted: false },
    });
    const third = planDelegateApproval(request({ existing, delegateId: 'user-3' }));
    expect(third.ok && third.write.kind).toBe('insert');
  });

  it('reads the provider and the delegate ids trimmed, and a blank provider id as none', () => {
    const existing: DelegateApprovalRow[] = [
      { id: 'appr-1', provider_id: 'prov-1', delegate_id: 'user-2', approval_type: 'order', can_view_vip_patients: false, is_active: false },
    ];
    expect(planDelegateApproval(request({ providerId: ' prov-1 ', delegateId: ' user-2 ', existing }))).toMatchObject({
      ok: true,
      write: { kind: 'update', id: 'appr-1' },
    });
    expect(planDelegateApproval(request({ providerId: ' prov-1 ', delegateId: ' user-2 ' }))).toMatchObject({
      ok: true,
      write: { kind: 'insert', record: { provider_id: 'prov-1', delegate_id: 'user-2' } },
    });
    expect(planDelegateApproval(request({ providerId: '   ' }))).toEqual({ ok: false, error: PROVIDER_ID_NOT_AVAILABLE });
    expect(planDelegateApproval(request({ providerId: undefined, delegateId: undefined }))).toEqual({ ok: false, error: PROVIDER_ID_NOT_AVAILABLE });
    expect(planDelegateApproval(request({ delegateId: '   ' }))).toEqual({ ok: false, error: DELEGATE_SELECTION_REQUIRED });
    expect(planDelegateApproval(request({ delegateId: null }))).toEqual({ ok: false, error: DELEGATE_SELECTION_REQUIRED });
  });

  it('revives a soft-deleted approval', () => {
    const existing: DelegateApprovalRow[] = [
      { id: 'appr-1', provider_id: 'prov-1', delegate_id: 'user-2', approval_type: 'results', can_view_vip_patients: false, is_active: true, _deleted: true },
    ];
    const plan = planDelegateApproval(request({ existing }));
    expect(plan.ok && plan.write.kind === 'update' && plan.write.restoresDeleted).toBe(true);
  });

  it('needs a provider id, a user and a permission, and an existing provider', () => {
    expect(planDelegateApproval(request({ providerId: null }))).toEqual({ ok: false, error: PROVIDER_ID_NOT_AVAILABLE });
    expect(planDelegateApproval(request({ delegateId: '' }))).toEqual({ ok: false, error: DELEGATE_SELECTION_REQUIRED });
    expect(planDelegateApproval(request({ permissions: { canOrder: false, canViewResults: false } }))).toEqual({
      ok: false,
      error: 'Please select a user and at least one permission.',
    });
    expect(planDelegateApproval(request({ providerExists: false }))).toEqual({ ok: false, error: PROVIDER_MISSING_FOR_DELEGATE });
    expect(PROVIDER_MISSING_FOR_DELEGATE).toBe('Cannot add delegate: Provider does not exist in the database.');
  });
});

describe('listing and removing delegates', () => {
  const rows: DelegateApprovalRow[] = [
    { id: 'a', provider_id: 'p', delegate_id: 'u1', approval_type: 'order', can_view_vip_patients: false, is_active: true },
    { id: 'b', provider_id: 'p', delegate_id: 'u2', approval_type: 'order', can_view_vip_patients: false, is_active: false },
    { id: 'c', provider_id: 'p', delegate_id: 'u3', approval_type: 'order', can_view_vip_patients: false, is_active: true, _deleted: true },
    { id: 'd', provider_id: 'q', delegate_id: 'u1', approval_type: 'order', can_view_vip_patients: false, is_active: true },
  ];

  it("lists only the provider's active approvals", () => {
    expect(activeDelegates(rows, 'p').map((row) => row.id)).toEqual(['a']);
  });

  it('removes softly', () => {
    expect(removeDelegatePatch(NOW)).toEqual({ is_active: false, updated_at: NOW });
  });

  it('names a missing provider', () => {
    expect(providerNotFoundMessage('abc')).toBe('Provider with ID abc not found');
  });
});
