// The bearer check of scheduled functions (scheduled.ts), pure so it is unit-tested.

/** True when the token is one of the project's service keys (compared in constant time). */
export function isServiceKey(token: string | null, keys: ReadonlyArray<string | undefined>): boolean {
  if (!token) return false;
  let match = false;
  for (const key of keys) {
    if (!key || key.length !== token.length) continue;
    let diff = 0;
    for (let i = 0; i < key.length; i += 1) diff |= key.charCodeAt(i) ^ token.charCodeAt(i);
    if (diff === 0) match = true;
  }
  return match;
}

