/**
 * The `Prefer` header as PostgREST reads it (ApiRequest/Preferences.hs): comma-joined
 * `key=value` tokens, the first recognised value of each preference wins and unknown
 * ones are ignored. `Preference-Applied` echoes the ones that were honoured.
 */

export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  params: 'single-object' | null;
  tx: 'commit' | 'rollback' | null;
}

const KNOWN: { [K in keyof Preferences]: ReadonlyArray<NonNullable<Preferences[K]>> } = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  params: ['single-object'],
  tx: ['commit', 'rollback'],
};

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null, params: null, tx: null };
  const tokens = (header ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  for (const token of tokens) {
    const [rawKey, ...rest] = token.split('=');
    const key = (rawKey ?? '').trim() as keyof Preferences;
    const value = rest.join('=').trim();
    if (!Object.hasOwn(KNOWN, key) || prefs[key] !== null) continue;
    const allowed: readonly string[] = KNOWN[key];
    if (allowed.includes(value)) (prefs as unknown as Record<string, string>)[key] = value;
  }
  return prefs;
}

/** The `Preference-Applied` value for the preferences this request honoured. */
export function appliedPreferences(prefs: Preferences, keys: ReadonlyArray<keyof Preferences>): string | null {
  const applied = keys.flatMap((key) => (prefs[key] === null ? [] : [`${key}=${prefs[key]}`]));
  return applied.length ? applied.join(', ') : null;
}
