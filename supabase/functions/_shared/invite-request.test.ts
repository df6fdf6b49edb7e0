import { describe, expect, it } from 'vitest';
import { parseInviteRequest } from './invite-request.ts';

const providerId = '0b6a1f9e-8f4c-4d1e-9a51-2c3d4e5f6a7b';
const valid = { email: ' Jane.Doe@Clinic.test ', role: 'provider', firstName: 'Jane', lastName: 'Doe', providerId, invitedBy: 'x' };

describe('parseInviteRequest', () => {
  it('normalises the email and keeps the names', () => {
    expect(parseInviteRequest(valid)).toEqual({
      ok: true,
      value: { email: 'jane.doe@clinic.test', role: 'provider', firstName: 'Jane', lastName: 'Doe', providerId },
    });
  });

  it('treats blank names as absent', () => {
    const check = parseInviteRequest({ ...valid, firstName: '  ', lastName: undefined });
    expect(check.ok && [check.value.firstName, check.value.lastName]).toEqual([null, null]);
  });

  it.each([
    [{ ...valid, email: '' }, 'Email is required'],
    [{ ...valid, email: undefined }, 'Email is required'],
    [{ ...valid, email: 'not-an-email' }, 'Invalid email format'],
    [{ ...valid, role: 'admin' }, "Only the 'provider' role can be given through an invitation."],
    [{ ...valid, providerId: 'p1' }, 'A valid providerId is required.'],
    [{ ...valid, providerId: undefined }, 'A valid providerId is required.'],
  ])('refuses %j', (body, message) => {
    expect(parseInviteRequest(body)).toEqual({ ok: false, message });
  });
});
