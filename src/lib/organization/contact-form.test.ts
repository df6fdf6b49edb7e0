import { describe, expect, it } from 'vitest';
import { contactFromDraft, contactProblems, EMPTY_CONTACT, upsertContact } from './contact-form.ts';

describe('contactProblems', () => {
  it('asks for a name, a role and the number of the preferred channel', () => {
    expect(contactProblems(EMPTY_CONTACT)).toEqual({
      name: 'Name is required',
      role: 'Role is required (e.g. Office manager)',
      phone: 'Enter a phone number for this channel',
    });
  });
  it('asks for an email when email is preferred, and refuses a malformed one', () => {
    expect(contactProblems({ ...EMPTY_CONTACT, name: 'Rita', role: 'Billing contact', preferred_channel: 'email' })).toEqual({ email: 'Enter an email to reach this contact by email' });
    expect(contactProblems({ ...EMPTY_CONTACT, name: 'Rita', role: 'Billing contact', phone: '518-555-0100', email: 'rita@' })).toEqual({ email: 'Invalid email format' });
  });
  it('passes a complete contact', () => {
    expect(contactProblems({ name: 'Rita', role: 'Office manager', phone: '518-555-0100', email: '', preferred_channel: 'text' })).toEqual({});
  });
  it('keeps to the server’s lengths', () => {
    expect(contactProblems({ ...EMPTY_CONTACT, name: 'x'.repeat(121), role: 'y'.repeat(81), phone: '1' }).name).toBe('Keep the name under 120 characters');
    expect(contactProblems({ ...EMPTY_CONTACT, name: 'x', role: 'y'.repeat(81), phone: '1' }).role).toBe('Keep the role under 80 characters');
  });
});

describe('upsertContact', () => {
  it('adds a new contact and replaces an edited one, blanks stored as null', () => {
    const first = contactFromDraft('c1', { name: ' Rita ', role: 'Office manager', phone: '518-555-0100', email: ' ', preferred_channel: 'phone' });
    expect(first).toEqual({ id: 'c1', name: 'Rita', role: 'Office manager', phone: '518-555-0100', email: null, preferred_channel: 'phone' });
    const list = upsertContact([first], contactFromDraft('c2', { name: 'Sam', role: 'Phlebotomist', phone: '1', email: '', preferred_channel: 'phone' }));
    expect(list.map((contact) => contact.id)).toEqual(['c1', 'c2']);
    expect(upsertContact(list, { ...first, role: 'Billing contact' }).map((contact) => contact.role)).toEqual(['Billing contact', 'Phlebotomist']);
  });
});
