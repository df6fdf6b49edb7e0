/**
 * A contact at a client (the People tab: office manager, billing contact, phlebotomist…):
 * what the contact dialog checks before the list is saved, to the server's own rule
 * (private.is_contact_list: a name of 1–120 characters, a role of 1–80, a known channel,
 * an e-mail of the usual shape) plus the one the staff need: the preferred channel must
 * have its number or address.
 */
import { CONTACT_CHANNELS, EMAIL_PATTERN, type ContactChannel, type OrganizationContact } from './rules.ts';
import { INVALID_EMAIL_FORMAT } from './organization-form.ts';

export const CONTACT_NAME_REQUIRED = 'Name is required';
export const CONTACT_NAME_TOO_LONG = 'Keep the name under 120 characters';
export const CONTACT_ROLE_REQUIRED = 'Role is required (e.g. Office manager)';
export const CONTACT_ROLE_TOO_LONG = 'Keep the role under 80 characters';
export const CONTACT_EMAIL_NEEDED = 'Enter an email to reach this contact by email';
export const CONTACT_PHONE_NEEDED = 'Enter a phone number for this channel';
export const CONTACT_ROLE_SUGGESTIONS = ['Office manager', 'Billing contact', 'Phlebotomist', 'Practice administrator', 'Nurse'] as const;

export interface ContactDraft {
  name: string;
  role: string;
  phone: string;
  email: string;
  preferred_channel: ContactChannel;
}

export const EMPTY_CONTACT: ContactDraft = { name: '', role: '', phone: '', email: '', preferred_channel: 'phone' };

export type ContactProblems = Partial<Record<keyof ContactDraft, string>>;

export function contactProblems(draft: ContactDraft): ContactProblems {
  const problems: ContactProblems = {};
  const name = draft.name.trim();
  const role = draft.role.trim();
  const email = draft.email.trim();
  if (!name) problems.name = CONTACT_NAME_REQUIRED;
  else if (name.length > 120) problems.name = CONTACT_NAME_TOO_LONG;
  if (!role) problems.role = CONTACT_ROLE_REQUIRED;
  else if (role.length > 80) problems.role = CONTACT_ROLE_TOO_LONG;
  if (email && !EMAIL_PATTERN.test(email)) problems.email = INVALID_EMAIL_FORMAT;
  if (draft.preferred_channel === 'email' && !email) problems.email = CONTACT_EMAIL_NEEDED;
  if (draft.preferred_channel !== 'email' && !draft.phone.trim()) problems.phone = CONTACT_PHONE_NEEDED;
  if (!(CONTACT_CHANNELS as readonly string[]).includes(draft.preferred_channel)) problems.preferred_channel = 'Choose how to reach this contact';
  return problems;
}

/** The saved contact (blank phone and email stored as null). */
export function contactFromDraft(id: string, draft: ContactDraft): OrganizationContact {
  return {
    id,
    name: draft.name.trim(),
    role: draft.role.trim(),
    phone: draft.phone.trim() || null,
    email: draft.email.trim() || null,
    preferred_channel: draft.preferred_channel,
  };
}

export function draftOf(contact: OrganizationContact): ContactDraft {
  return { name: contact.name, role: contact.role, phone: contact.phone ?? '', email: contact.email ?? '', preferred_channel: contact.preferred_channel };
}

/** The list with the contact added (new id) or replaced (same id). */
export function upsertContact(contacts: readonly OrganizationContact[], contact: OrganizationContact): OrganizationContact[] {
  return contacts.some((entry) => entry.id === contact.id) ? contacts.map((entry) => (entry.id === contact.id ? contact : entry)) : [...contacts, contact];
}
