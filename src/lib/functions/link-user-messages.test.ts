import { describe, expect, it } from 'vitest';
import {
  LINK_USER_EMAIL_REQUIRED,
  UNLINK_NOT_SUPPORTED,
  UNLINK_NOT_SUPPORTED_TOAST,
  linkUserFailure,
  linkUserFailureDescription,
  linkUserSuccess,
} from './link-user-messages.ts';

describe('link user messages', () => {
  it.each([
    'A user with this email already exists.',
    'A user with this email address has already been registered',
    'User already registered',
  ])('turns %j into the already-exists text', (message) => {
    expect(linkUserFailureDescription(message)).toBe('A user with this email already exists. Please use a different email.');
  });

  it('shows any other server message as it is', () => {
    expect(linkUserFailure('Only administrators can create user accounts.')).toEqual({
      title: 'Error',
      description: 'Only administrators can create user accounts.',
      type: 'error',
    });
  });

  it('falls back when the server said nothing', () => {
    expect(linkUserFailureDescription(null)).toBe('Failed to create user account');
    expect(linkUserFailureDescription('  ')).toBe('Failed to create user account');
    expect(linkUserFailureDescription(undefined)).toBe('Failed to create user account');
  });

  it('names the provider on success', () => {
    expect(linkUserSuccess('Jane Doe').description).toBe(
      'A user account has been created and linked to Jane Doe. An invitation email has been sent.',
    );
    expect(linkUserSuccess('Jane Doe').type).toBe('success');
  });

  it('has the form and unlink texts', () => {
    expect(LINK_USER_EMAIL_REQUIRED).toBe('Email is required');
    expect(UNLINK_NOT_SUPPORTED).toBe('Unlinking users is not supported at this time.');
    expect(UNLINK_NOT_SUPPORTED_TOAST).toEqual({ title: 'Not Supported', description: 'Unlinking users is not supported at this time.', type: 'info' });
  });
});
