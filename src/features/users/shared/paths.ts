/** Where the users pages live (spec §2: /users and /users/manage/{userId}). */
export const USERS_PATH = '/users';
export const USERS_SETTINGS_PATH = '/users/settings';

export function managePath(userId: string): string {
  return `/users/manage/${encodeURIComponent(userId)}`;
}
