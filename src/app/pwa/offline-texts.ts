/** What the app says about its own code and copy on this device (docs/offline.md). */
export const OFFLINE_TEXT = {
  pageMissingTitle: 'This page is not on this device yet',
  pageMissingOffline: 'The connection was lost before the app finished saving itself on this device. This page opens by itself once you are back online; nothing you entered is lost.',
  pageFailedOnline: 'Part of the app could not be loaded. A new version may have been released: reload to use it. Your drafts are kept.',
} as const;
