// Signed links to patient data's files (Storage's `createSignedUrl`) are made only by the
// server's own functions, never by a user (no policy lets a user see these objects), and
// they live minutes: whoever holds one downloads the file without a session until it
// expires, and nothing ends it earlier. The one the product makes: the fax document of a
// result, fetched by the fax provider when it sends.

/** The longest a signed link to a protected file may live. */
export const SIGNED_LINK_MAX_SECONDS = 10 * 60;

/** A link's lifetime, capped at SIGNED_LINK_MAX_SECONDS (and at least a second). */
export function signedLinkSeconds(requested: number): number {
  return Math.max(1, Math.min(Math.floor(requested), SIGNED_LINK_MAX_SECONDS));
}
