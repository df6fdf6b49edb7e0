// The staff mode of invite-user (issue 25): an admin invites a laboratory colleague with
// the staff or admin role. Pure, so the invite dialog and the function apply the same
// rules and each refusal is unit-tested. (Provider invitations keep ../invite-request.ts.)

export const STAFF_ROLES = ['staff', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffInvite {
  /** Lower-cased and trimmed, as Auth stores it. */
  email: string;
  firstName: string;
  lastName: string;
  professionalTitle: string | null;
  role: StaffRole;
}

export type StaffInviteCheck = { ok: true; value: StaffInvite } | { ok: false; message: string };

// The same rule as the forms' "Invalid email format": something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MAX_LENGTH = 100;

export const STAFF_INVITE_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  tooLong: `Names and titles are at most ${NAME_MAX_LENGTH} characters.`,
  role: "The role must be 'staff' or 'admin'.",
} as const;

export function isStaffRole(value: unknown): value is StaffRole {
  return value === 'staff' || value === 'admin';
}

/** A staff-mode body: a staff or admin role and no provider to link. */
export function isStaffInviteBody(body: Record<string, unknown>): boolean {
  return isStaffRole(body.role) && (body.providerId === undefined || body.providerId === null);
}

/** The roles an invitation grants: an admin also holds staff, so removing admin leaves staff access. */
export function rolesFor(role: StaffRole): StaffRole[] {
  return role === 'admin' ? ['staff', 'admin'] : ['staff'];
}

export function parseStaffInvite(body: Record<string, unknown>): StaffInviteCheck {
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!email) return { ok: false, message: STAFF_INVITE_MESSAGES.emailRequired };
  if (!EMAIL.test(email)) return { ok: false, message: STAFF_INVITE_MESSAGES.emailInvalid };
  const firstName = text(body.firstName);
  if (!firstName) return { ok: false, message: STAFF_INVITE_MESSAGES.firstNameRequired };
  const lastName = text(body.lastName);
  if (!lastName) return { ok: false, message: STAFF_INVITE_MESSAGES.lastNameRequired };
  const professionalTitle = text(body.professionalTitle) || null;
  if ([firstName, lastName, professionalTitle ?? ''].some((value) => value.length > NAME_MAX_LENGTH)) {
    return { ok: false, message: STAFF_INVITE_MESSAGES.tooLong };
  }
  if (!isStaffRole(body.role)) return { ok: false, message: STAFF_INVITE_MESSAGES.role };
  return { ok: true, value: { email, firstName, lastName, professionalTitle, role: body.role } };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
