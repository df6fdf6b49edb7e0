/**
 * The words of this feature's screens that spec.md leaves to us (labels, empty states, the
 * failure toasts it does not word). The spec's own texts live in model/ and src/lib/functions.
 */
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';

export const ORGANIZATIONS_TITLE = 'Organizations';
export const NO_MEMBERSHIPS = 'This provider is not linked to any organization yet.';
export const ORGANIZATION_LABEL = 'Organization';
export const ORGANIZATION_PLACEHOLDER = 'Select an organization';
export const ALREADY_MEMBER_SUFFIX = ' (already a member)';

export const PREFERENCES_TITLE = 'Provider Preferences';
export const SAVE_PREFERENCES_LABEL = 'Save Preferences';
export const SAVING_LABEL = 'Saving...';

export const DELEGATES_TITLE = 'Provider Delegates';
export const ADD_DELEGATE_TITLE = 'Add Delegate';
export const NO_DELEGATES = 'No delegates yet. Add staff who may order tests or view results for this provider.';
export const USER_SEARCH_LABEL = 'Search users';
export const USER_SEARCH_PLACEHOLDER = 'Search by name or email';
export const DELEGATE_ADD_FAILED: ToastMessage = { title: 'Error', description: 'Failed to add delegate', type: 'error' };
export const DELEGATE_REMOVE_FAILED: ToastMessage = { title: 'Error', description: 'Failed to remove delegate', type: 'error' };

export const LINKED_USER_LABEL = 'Linked user account';

export function inviteQueued(providerName: string): ToastMessage {
  return {
    title: 'Invitation Queued',
    description: `This device is offline. The account for ${providerName} will be created and the invitation sent when the connection is back.`,
    type: 'info',
  };
}
