// Reads and checks the body of an invite-user call (spec §7: email, role 'provider',
// firstName, lastName, providerId, invitedBy). Pure, so each refusal is unit-tested.

export interface InviteRequest {
  /** Lower-cased and trimmed, as Auth stores it. */
  email: string;
  role: 'provider';
  firstName: string | null;
  lastName: string | null;
  providerId: string;
}

export type InviteRequestCheck = { ok: true; value: InviteRequest } | { ok: false; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The same rule as the forms' "Invalid email format": something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseInviteRequest(body: Record<string, unknown>): InviteRequestCheck {
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!email) return { ok: false, message: 'Email is required' };
  if (!EMAIL.test(email)) return { ok: false, message: 'Invalid email format' };
  const role = body.role ?? 'provider';
  if (role !== 'provider') {
    return { ok: false, message: "Only the 'provider' role can be given through an invitation." };
  }
  const providerId = typeof body.providerId === 'string' ? body.providerId.trim().toLowerCase() : '';
  if (!UUID.test(providerId)) return { ok: false, message: 'A valid providerId is required.' };
  return { ok: true, value: { email, role, firstName: optionalName(body.firstName), lastName: optionalName(body.lastName), providerId } };
}

function optionalName(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
