/**
 * A toast's words as the catalogue produces them (spec §3 "Toast item": title,
 * description). `type` follows the toaster's vocabulary; spec §8 messages are
 * destructive ('error') unless stated otherwise.
 */
export interface ToastMessage {
  title: string;
  description: string;
  type: 'error' | 'success' | 'warning' | 'info';
}

/** A failure as the catalogue reads it: the server's message, and its HTTP status when known. */
export type FailureText = string | { message: string; status?: number | null };

/** The text a rule of spec §8 is matched against: the message, plus "HTTP <status>" when known. */
export function matchText(input: FailureText): string {
  if (typeof input === 'string') return input;
  return input.status ? `${input.message} (HTTP ${input.status})` : input.message;
}
