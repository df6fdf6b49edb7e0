/**
 * "The user just proved their password": at sign-in (the server checked it), after setting
 * a new one, and at the lock screen (checked against the device's slow hash). The protected
 * data listens (src/app/providers/local-data-provider.tsx): the password opens the data key
 * of patient records, then is dropped. Listeners get it synchronously and must not keep it.
 */
export type PasswordVerifiedListener = (userId: string, password: string) => void;

const listeners = new Set<PasswordVerifiedListener>();

export function onPasswordVerified(listener: PasswordVerifiedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function passwordVerified(userId: string, password: string): void {
  for (const listener of listeners) {
    try {
      listener(userId, password);
    } catch (error) {
      console.error('[password-verified] a listener failed', error);
    }
  }
}
