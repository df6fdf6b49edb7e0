/** The name the app shows for the signed-in user (user menu, lock screen): first and last name, else the email. */
export function displayName(metadata: Record<string, unknown> | undefined, email: string | undefined): string {
  const first = typeof metadata?.first_name === 'string' ? metadata.first_name : '';
  const last = typeof metadata?.last_name === 'string' ? metadata.last_name : '';
  const full = `${first} ${last}`.trim();
  return full || email || 'Signed-in user';
}
