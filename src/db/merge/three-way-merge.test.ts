import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { providerColumns, preferenceColumns } from '../tables/definitions.ts';
import { threeWayMerge, type MergeDoc } from './three-way-merge.ts';

const base: MergeDoc = {
  id: 'p1',
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@clinic.test',
  phone: '5185550100',
  nickname: null,
  nppes_data: { results: [{ basic: { credential: 'MD' } }] },
  updated_at: '2026-11-21T10:00:00.000000+00:00',
  server_modified: '2026-11-21T10:00:00.000001+00:00',
  _deleted: false,
};

describe('threeWayMerge', () => {
  it('keeps a field changed only locally and takes a field changed only on the server', () => {
    const local = { ...base, phone: '5185550199' };
    const server = { ...base, email: 'jane.doe@clinic.test', server_modified: '2026-11-21T11:00:00.000001+00:00' };
    const { merged, overwrittenFields } = threeWayMerge({ columns: providerColumns, base, local, server });
    expect(merged.phone).toBe('5185550199');
    expect(merged.email).toBe('jane.doe@clinic.test');
    expect(merged.server_modified).toBe('2026-11-21T11:00:00.000001+00:00');
    expect(overwrittenFields).toEqual([]);
  });

  it('takes the server value of a field changed on both sides and reports it', () => {
    const local = { ...base, email: 'mine@clinic.test', phone: '5185550199' };
    const server = { ...base, email: 'theirs@clinic.test' };
    const { merged, overwrittenFields } = threeWayMerge({ columns: providerColumns, base, local, server });
    expect(merged.email).toBe('theirs@clinic.test');
    expect(merged.phone).toBe('5185550199');
    expect(overwrittenFields).toEqual(['email']);
  });

  it("keeps the newer local edit when the server holds this browser's own unacknowledged push", () => {
    // Sent email v1 (applied, answer lost), then edited email to v2 before the retry.
    const sent = { ...base, email: 'v1@clinic.test' };
    const local = { ...base, email: 'v2@clinic.test' };
    const server = { ...base, email: 'v1@clinic.test', phone: '5185550111' };
    const { merged, overwrittenFields } = threeWayMerge({ columns: providerColumns, base, local, server, unacknowledged: [sent] });
    expect(merged.email).toBe('v2@clinic.test');
    expect(merged.phone).toBe('5185550111');
    expect(overwrittenFields).toEqual([]);
    // Without the record of the lost answer the newer edit would lose to the browser's own older one.
    expect(threeWayMerge({ columns: providerColumns, base, local, server }).merged.email).toBe('v1@clinic.test');
    // A created record whose insert answer was lost: later local edits win over the applied insert.
    const created = threeWayMerge({ columns: providerColumns, base: null, local, server: sent, unacknowledged: [sent] });
    expect(created.merged.email).toBe('v2@clinic.test');
    expect(created.overwrittenFields).toEqual([]);
  });

  it("keeps a local edit back to the base value when the server holds this browser's own unacknowledged push", () => {
    // Turned in-app notifications on (applied, answer lost), then off again before the retry:
    // the local value equals the base, yet it is the newest write of this field.
    const prefs = { id: 'pref1', provider_id: 'p1', in_app_notifications: false, fax_number: '5185550100', _deleted: false };
    const sent = { ...prefs, in_app_notifications: true };
    const server = { ...prefs, in_app_notifications: true, fax_number: '5185550199' };
    const { merged, overwrittenFields } = threeWayMerge({ columns: preferenceColumns, base: prefs, local: prefs, server, unacknowledged: [sent] });
    expect(merged.in_app_notifications).toBe(false);
    expect(merged.fax_number).toBe('5185550199');
    expect(overwrittenFields).toEqual([]);
  });

  it('does not report a field both sides changed to the same value', () => {
    const local = { ...base, email: 'same@clinic.test' };
    const server = { ...base, email: 'same@clinic.test' };
    expect(threeWayMerge({ columns: providerColumns, base, local, server }).overwrittenFields).toEqual([]);
  });

  it('compares timestamps by instant and jsonb by content', () => {
    const local = { ...base, updated_at: '2026-11-21T10:00:00Z', nppes_data: { results: [{ basic: { credential: 'MD' } }] } };
    const server = { ...base, pecos_verification_date: '2026-11-21 12:00:00.5+00' };
    const { merged, overwrittenFields } = threeWayMerge({ columns: providerColumns, base, local, server });
    expect(overwrittenFields).toEqual([]);
    expect(merged.pecos_verification_date).toBe('2026-11-21 12:00:00.5+00');
  });

  it('keeps the later updated_at and never reports it', () => {
    const local = { ...base, updated_at: '2026-11-21T12:00:00.000Z', phone: '1' };
    const server = { ...base, updated_at: '2026-11-21T11:00:00.000000+00:00', phone: '2' };
    const { merged, overwrittenFields } = threeWayMerge({ columns: providerColumns, base, local, server });
    expect(merged.updated_at).toBe('2026-11-21T12:00:00.000Z');
    expect(overwrittenFields).toEqual(['phone']);
  });

  it('keeps the later updated_at when the server side is later, and never reports it', () => {
    const local = { ...base, phone: '5185550199', updated_at: '2026-11-21T10:05:00.000000+00:00' };
    const server = { ...base, email: 'theirs@clinic.test', updated_at: '2026-11-21T10:09:00.000000+00:00' };
    const { merged, overwrittenFields } = threeWayMerge({ columns: providerColumns, base, local, server });
    expect(merged.updated_at).toBe('2026-11-21T10:09:00.000000+00:00');
    expect(merged.phone).toBe('5185550199');
    expect(overwrittenFields).toEqual([]);
  });

  it('merges arrays as whole values (favorite_reports)', () => {
    const prefBase = { id: 'x', favorite_reports: ['a@x.test'], fax_number: null, _deleted: false };
    const local = { ...prefBase, favorite_reports: ['a@x.test', 'b@x.test'] };
    const server = { ...prefBase, fax_number: '5185550101' };
    const { merged } = threeWayMerge({ columns: preferenceColumns, base: prefBase, local, server });
    expect(merged.favorite_reports).toEqual(['a@x.test', 'b@x.test']);
    expect(merged.fax_number).toBe('5185550101');
  });

  it('keeps a record nobody deleted, and reads a missing _deleted as not deleted', () => {
    const local: MergeDoc = { ...base, phone: '5185550199' };
    delete local._deleted;
    const server = { ...base, email: 'new@clinic.test' };
    const { merged, overwrittenFields } = threeWayMerge({ columns: providerColumns, base, local, server });
    expect(merged._deleted).toBe(false);
    expect(overwrittenFields).toEqual([]);
  });

  it('merges updated_at like any field when one side has none, and keeps the server spelling of one instant', () => {
    const noLocalStamp = threeWayMerge({ columns: providerColumns, base, local: { ...base, updated_at: null }, server: base });
    expect(noLocalStamp.merged.updated_at).toBe(null);
    const noServerStamp = threeWayMerge({ columns: providerColumns, base, local: base, server: { ...base, updated_at: null } });
    expect(noServerStamp.merged.updated_at).toBe(null);
    const sameInstant = threeWayMerge({
      columns: providerColumns,
      base,
      local: { ...base, updated_at: '2026-11-21T10:00:00.000Z' },
      server: { ...base, updated_at: '2026-11-21T10:00:00.000000+00:00' },
    });
    expect(sameInstant.merged.updated_at).toBe('2026-11-21T10:00:00.000000+00:00');
  });

  it('treats deletion as a field', () => {
    const local = { ...base, _deleted: true };
    const server = { ...base, email: 'new@clinic.test' };
    const { merged } = threeWayMerge({ columns: providerColumns, base, local, server });
    expect(merged._deleted).toBe(true);
    expect(merged.email).toBe('new@clinic.test');
  });

  it('without a base, the server wins every differing field and reports it', () => {
    const local = { ...base, email: 'mine@clinic.test' };
    const server = { ...base };
    const { merged, overwrittenFields } = threeWayMerge({ columns: providerColumns, base: null, local, server });
    expect(merged.email).toBe('jane@clinic.test');
    expect(overwrittenFields).toEqual(['email']);
  });

  it('property: an untouched side never overrides the other', () => {
    const value = fc.option(fc.string({ maxLength: 4 }), { nil: null });
    fc.assert(
      fc.property(value, value, value, (baseEmail, localEmail, serverEmail) => {
        const b = { ...base, email: baseEmail };
        const onlyServer = threeWayMerge({ columns: providerColumns, base: b, local: b, server: { ...b, email: serverEmail } });
        const onlyLocal = threeWayMerge({ columns: providerColumns, base: b, local: { ...b, email: localEmail }, server: b });
        return (
          onlyServer.merged.email === serverEmail &&
          onlyServer.overwrittenFields.length === 0 &&
          onlyLocal.merged.email === localEmail &&
          onlyLocal.overwrittenFields.length === 0
        );
      }),
    );
  });
});
