/** The provider pages' texts and the manage page's routing rules. */
import { describe, expect, it } from 'vitest';
import { activeManageTab, manageProviderPath, normalizeProviderId } from './manage-route.ts';
import {
  EDIT_DETAILS_FAILED,
  EDIT_SUCCESS,
  EDIT_TAXONOMY_WARNING,
  editSaveToasts,
  emptyState,
  providerStatusLabel,
} from './provider-texts.ts';

describe('emptyState', () => {
  it('invites adding a provider when there are none', () => {
    expect(emptyState('all', false)).toEqual({
      title: 'No Providers Found',
      description: "You haven't added any providers yet. Click the button below to get started.",
      showAddButton: true,
    });
  });

  it('suggests another search when a search is active', () => {
    expect(emptyState('all', true)).toEqual({
      title: 'No Providers Found',
      description: 'No providers match your search criteria. Try a different search.',
      showAddButton: false,
    });
    expect(emptyState('healthcare', true).title).toBe('No Healthcare Providers Found');
    expect(emptyState('healthcare', true).description).toBe('No healthcare providers match your search criteria. Try a different search.');
    expect(emptyState('non_healthcare', false).title).toBe('No Non-Healthcare Providers Found');
  });
});

describe('providerStatusLabel', () => {
  it('reads Active unless is_active is false', () => {
    expect(providerStatusLabel(true)).toBe('Active');
    expect(providerStatusLabel(false)).toBe('Inactive');
    expect(providerStatusLabel(null)).toBe('Active');
  });
});

describe('editSaveToasts', () => {
  it('shows only the error when call 1 fails', () => {
    expect(editSaveToasts({ detailsSaved: false, registrySaved: null })).toEqual({ toasts: [EDIT_DETAILS_FAILED], succeeded: false });
    expect(EDIT_DETAILS_FAILED).toEqual({ title: 'Error', description: 'Failed to update provider information', type: 'error' });
  });

  it('warns and still succeeds when call 2 fails', () => {
    expect(editSaveToasts({ detailsSaved: true, registrySaved: false })).toEqual({
      toasts: [EDIT_TAXONOMY_WARNING, EDIT_SUCCESS],
      succeeded: true,
    });
    expect(EDIT_TAXONOMY_WARNING.description).toBe('Provider information updated but there was an issue with the taxonomy data');
  });

  it('shows success when everything saved or call 2 was not needed', () => {
    for (const registrySaved of [true, null]) {
      expect(editSaveToasts({ detailsSaved: true, registrySaved })).toEqual({ toasts: [EDIT_SUCCESS], succeeded: true });
    }
    expect(EDIT_SUCCESS).toEqual({ title: 'Success', description: 'Provider information updated successfully', type: 'success' });
  });
});

describe('manage route', () => {
  it('lowercases and trims the provider id', () => {
    expect(normalizeProviderId('  ABCDEF-0123 ')).toBe('abcdef-0123');
    expect(normalizeProviderId(undefined)).toBe('');
  });

  it('chooses the tab from the path', () => {
    expect(activeManageTab('/providers/x/manage/preferences')).toBe('preferences');
    expect(activeManageTab('/providers/x/manage/edit')).toBe('profile');
    expect(activeManageTab('/providers/x/manage/delegates')).toBe('delegates');
    expect(activeManageTab('/providers/x/manage/activity')).toBe('activity');
  });

  it('links a row to its edit page', () => {
    expect(manageProviderPath('abc')).toBe('/providers/abc/manage/edit');
  });
});
